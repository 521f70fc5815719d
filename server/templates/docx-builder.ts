/**
 * Generates a template .docx from a small structured description. The templates are code rather
 * than checked-in binaries so that they can be reviewed in a diff, and so that every boot writes
 * the same bytes (fixed timestamps, seeded paragraph ids, fixed ZIP dates).
 */
import { zipSync } from 'fflate';
import {
  A4,
  appPropsXml,
  COLOURS,
  contentTypesXml,
  corePropsXml,
  documentRelsXml,
  escapeXml,
  numberingXml,
  rootRelsXml,
  settingsXml,
  stylesXml,
  TEXT_WIDTH,
  W_NS,
} from './docx-parts';

export type TemplateTable = {
  columns: string[];
  rows: string[][];
  /** Relative column widths; equal when omitted. */
  widths?: number[];
};

export type TemplateBlock = {
  heading: string;
  /** Prompts to the writer, shown in grey italics and meant to be replaced. */
  guidance?: string[];
  bullets?: string[];
  table?: TemplateTable;
};

export type TemplateSection = TemplateBlock & { subsections?: TemplateBlock[] };

export type TemplateSpec = {
  title: string;
  subtitle: string;
  /** Stored in docProps/core.xml; shown by Word under File > Info. */
  description: string;
  /** Guidance shown under the subtitle, before the first section. */
  intro?: string[];
  sections: TemplateSection[];
};

/**
 * w14:paraId and w14:textId: 8 hex digits below 0x80000000, unique per paragraph. Word uses them
 * to track paragraphs across edits and collaborative sessions; the editor and the AI edit
 * pipeline rely on them to address a paragraph. Seeded from the title so output is reproducible.
 */
function createIdSource(seed: string): () => string {
  let state = 0x811c9dc5;
  for (const ch of seed) state = Math.imul(state ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const used = new Set<number>();
  return () => {
    for (;;) {
      // mulberry32: small, well distributed, and the same on every platform.
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const value = ((t ^ (t >>> 14)) >>> 0) & 0x7fffffff;
      if (value === 0 || used.has(value)) continue;
      used.add(value);
      return value.toString(16).toUpperCase().padStart(8, '0');
    }
  };
}

/** Tabs and line breaks become their WordprocessingML elements; w:t would collapse them. */
function runContent(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .split('\t')
        .map((part) => (part ? `<w:t xml:space="preserve">${escapeXml(part)}</w:t>` : ''))
        .join('<w:tab/>'),
    )
    .join('<w:br/>');
}

function createWriter(seed: string) {
  const nextId = createIdSource(seed);

  const paragraph = (style: string, text: string, opts: { runProps?: string; keepNext?: boolean } = {}) => {
    const pPr = `<w:pPr><w:pStyle w:val="${style}"/>${opts.keepNext ? '<w:keepNext/>' : ''}</w:pPr>`;
    const rPr = opts.runProps ? `<w:rPr>${opts.runProps}</w:rPr>` : '';
    const run = text ? `<w:r>${rPr}${runContent(text)}</w:r>` : '';
    return `<w:p w14:paraId="${nextId()}" w14:textId="${nextId()}">${pPr}${run}</w:p>`;
  };

  const columnWidths = (table: TemplateTable): number[] => {
    const weights = table.widths ?? table.columns.map(() => 1);
    const total = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => Math.floor((TEXT_WIDTH * w) / total));
    // The rounding remainder goes to the last column so the grid spans the text width exactly.
    widths[widths.length - 1]! += TEXT_WIDTH - widths.reduce((a, b) => a + b, 0);
    return widths;
  };

  const cell = (text: string, width: number, header: boolean) =>
    '<w:tc><w:tcPr>' +
    `<w:tcW w:w="${width}" w:type="dxa"/>` +
    (header ? `<w:shd w:val="clear" w:color="auto" w:fill="${COLOURS.headerFill}"/>` : '') +
    '</w:tcPr>' +
    paragraph('TableText', text, { runProps: header ? '<w:b/><w:bCs/>' : '' }) +
    '</w:tc>';

  const table = (t: TemplateTable) => {
    const widths = columnWidths(t);
    const row = (cells: string[], header: boolean) =>
      '<w:tr>' +
      (header ? '<w:trPr><w:tblHeader/></w:trPr>' : '') +
      widths.map((w, i) => cell(cells[i] ?? '', w, header)).join('') +
      '</w:tr>';
    return (
      '<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/>' +
      `<w:tblW w:w="${TEXT_WIDTH}" w:type="dxa"/><w:tblLayout w:type="fixed"/>` +
      '<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/>' +
      '</w:tblPr>' +
      `<w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>` +
      row(t.columns, true) +
      t.rows.map((r) => row(r, false)).join('') +
      '</w:tbl>' +
      // Keeps two tables from fusing into one and gives the table breathing room before the next heading.
      paragraph('Normal', '')
    );
  };

  // A prompt that introduces a table should not be left alone at the foot of a page.
  const block = (b: TemplateBlock, headingStyle: 'Heading1' | 'Heading2') =>
    paragraph(headingStyle, b.heading) +
    (b.guidance ?? []).map((g) => paragraph('Guidance', g, { keepNext: !!b.table && !b.bullets })).join('') +
    (b.bullets ?? []).map((item) => paragraph('ListBullet', item)).join('') +
    (b.table ? table(b.table) : '');

  return { paragraph, block };
}

export function buildDocumentXml(spec: TemplateSpec): string {
  const { paragraph, block } = createWriter(spec.title);
  const body =
    paragraph('Title', spec.title) +
    paragraph('Subtitle', spec.subtitle) +
    (spec.intro ?? []).map((g) => paragraph('Guidance', g)).join('') +
    spec.sections
      .map((s) => block(s, 'Heading1') + (s.subsections ?? []).map((sub) => block(sub, 'Heading2')).join(''))
      .join('');
  const sectPr =
    `<w:sectPr><w:pgSz w:w="${A4.width}" w:h="${A4.height}"/>` +
    `<w:pgMar w:top="${A4.margin}" w:right="${A4.margin}" w:bottom="${A4.margin}" w:left="${A4.margin}" ` +
    'w:header="708" w:footer="708" w:gutter="0"/><w:cols w:space="708"/><w:docGrid w:linePitch="360"/></w:sectPr>';
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<w:document xmlns:w="${W_NS}" ` +
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
    'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" mc:Ignorable="w14">' +
    `<w:body>${body}${sectPr}</w:body></w:document>`
  );
}

export function buildTemplateDocx(spec: TemplateSpec): Uint8Array {
  const encoder = new TextEncoder();
  // fflate stamps entries with local-time DOS dates, so a date built from local components, at
  // call time, encodes the same bytes in every time zone.
  const zipDate = new Date(2025, 0, 1, 0, 0, 0);
  const parts: Array<[string, string]> = [
    // [Content_Types].xml first: some readers stream the package and expect it at the front.
    ['[Content_Types].xml', contentTypesXml],
    ['_rels/.rels', rootRelsXml],
    ['word/document.xml', buildDocumentXml(spec)],
    ['word/_rels/document.xml.rels', documentRelsXml],
    ['word/styles.xml', stylesXml],
    ['word/numbering.xml', numberingXml],
    ['word/settings.xml', settingsXml],
    ['docProps/core.xml', corePropsXml({ title: spec.title, description: spec.description })],
    ['docProps/app.xml', appPropsXml],
  ];
  return zipSync(
    Object.fromEntries(parts.map(([name, xml]) => [name, [encoder.encode(xml), { level: 6, mtime: zipDate }]])),
  );
}
