import { type Zippable, zipSync } from 'fflate';
import type { Insertion } from '../../../server/docx/para-ids';

/**
 * Test and benchmark fixtures, not used by the upload pipeline: small valid .docx packages with
 * every piece replaceable (so a test can break exactly one thing), and the inverse of the
 * paragraph-id insertions.
 */

export const W_MAIN_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
export const DOCX_MAIN_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const W14_NS = 'http://schemas.microsoft.com/office/word/2010/wordml';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface SyntheticDocx {
  /** Inner XML of w:body. */
  readonly body?: string;
  /** Extra attributes for the w:document start tag, e.g. namespace declarations. */
  readonly rootAttrs?: string;
  /** Replaces the whole word/document.xml. */
  readonly documentXml?: string | Uint8Array;
  /** Inner XML of each header part (word/header1.xml, ...), linked from the document as rIdH1, ... */
  readonly headers?: readonly string[];
  /** Inner XML of each footer part (word/footer1.xml, ...), linked from the document as rIdFt1, ... */
  readonly footers?: readonly string[];
  /** Inner XML of w:footnotes, linked from the document. */
  readonly footnotes?: string;
  /** Inner XML of w:comments (w14 declared), linked from the document. */
  readonly comments?: string;
  /** Inner XML of w:styles, linked from the document; without it the styles part is empty and unlinked. */
  readonly styles?: string;
  /** Inner XML of w:numbering (word/numbering.xml), linked from the document. */
  readonly numbering?: string;
  /** Inner XML of w:settings (word/settings.xml), linked from the document. */
  readonly settings?: string;
  /** External hyperlinks of the document: relationship id -> URL. */
  readonly links?: Readonly<Record<string, string>>;
  /** docProps/core.xml and docProps/app.xml, linked from the package, as Word writes them. */
  readonly properties?: { readonly title: string; readonly creator: string; readonly created: string; readonly modified: string };
  /** The ZIP entries' date; without it, the time of the call (so two builds can differ). */
  readonly mtime?: Date;
  readonly mainContentType?: string;
  /** Parts added as they are (name -> content), e.g. a picture. */
  readonly extraParts?: Readonly<Record<string, string | Uint8Array>>;
  /** Parts to leave out, e.g. '[Content_Types].xml'. */
  readonly omit?: readonly string[];
  /** fflate deflate level; 0 stores. */
  readonly level?: 0 | 1 | 6 | 9;
}

/** The relationship id buildDocx gives a picture added under word/media/ through extraParts. */
export function mediaRelId(partName: string): string {
  return `rId${partName.replace(/\W/g, '')}`;
}

export function paragraphXml(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function buildDocx(spec: SyntheticDocx = {}): Uint8Array {
  const headers = spec.headers ?? [];
  const rels: string[] = headers.map((_, i) => rel(`rIdH${i + 1}`, 'header', `header${i + 1}.xml`));
  const overrides = [override('/word/document.xml', spec.mainContentType ?? DOCX_MAIN_CONTENT_TYPE)];
  const parts: Record<string, string | Uint8Array> = {};
  const rootRels = [rel('rId1', 'officeDocument', 'word/document.xml')];

  headers.forEach((inner, i) => {
    parts[`word/header${i + 1}.xml`] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:hdr xmlns:w="${W_MAIN_NS}">${inner}</w:hdr>`;
    overrides.push(override(`/word/header${i + 1}.xml`, 'application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml'));
  });
  (spec.footers ?? []).forEach((inner, i) => {
    parts[`word/footer${i + 1}.xml`] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:ftr xmlns:w="${W_MAIN_NS}">${inner}</w:ftr>`;
    overrides.push(override(`/word/footer${i + 1}.xml`, 'application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml'));
    rels.push(rel(`rIdFt${i + 1}`, 'footer', `footer${i + 1}.xml`));
  });
  if (spec.footnotes !== undefined) {
    parts['word/footnotes.xml'] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes xmlns:w="${W_MAIN_NS}">${spec.footnotes}</w:footnotes>`;
    overrides.push(override('/word/footnotes.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml'));
    rels.push(rel('rIdF', 'footnotes', 'footnotes.xml'));
  }
  if (spec.comments !== undefined) {
    parts['word/comments.xml'] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:comments xmlns:w="${W_MAIN_NS}" xmlns:w14="${W14_NS}">${spec.comments}</w:comments>`;
    overrides.push(override('/word/comments.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml'));
    rels.push(rel('rIdC', 'comments', 'comments.xml'));
  }
  if (spec.styles !== undefined) {
    overrides.push(override('/word/styles.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml'));
    rels.push(rel('rIdS', 'styles', 'styles.xml'));
  }
  if (spec.numbering !== undefined) {
    parts['word/numbering.xml'] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="${W_MAIN_NS}">${spec.numbering}</w:numbering>`;
    overrides.push(override('/word/numbering.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml'));
    rels.push(rel('rIdN', 'numbering', 'numbering.xml'));
  }
  if (spec.settings !== undefined) {
    parts['word/settings.xml'] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:settings xmlns:w="${W_MAIN_NS}">${spec.settings}</w:settings>`;
    overrides.push(override('/word/settings.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml'));
    rels.push(rel('rIdSet', 'settings', 'settings.xml'));
  }
  for (const [id, url] of Object.entries(spec.links ?? {})) {
    rels.push(`<Relationship Id="${id}" Type="${REL}/hyperlink" Target="${escapeXml(url)}" TargetMode="External"/>`);
  }
  if (spec.properties) {
    const p = spec.properties;
    parts['docProps/core.xml'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
      'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      `<dc:title>${escapeXml(p.title)}</dc:title><dc:creator>${escapeXml(p.creator)}</dc:creator><cp:lastModifiedBy>${escapeXml(p.creator)}</cp:lastModifiedBy><cp:revision>3</cp:revision>` +
      `<dcterms:created xsi:type="dcterms:W3CDTF">${p.created}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${p.modified}</dcterms:modified>` +
      '</cp:coreProperties>';
    parts['docProps/app.xml'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
      '<Template>Normal.dotm</Template><Application>Microsoft Office Word</Application><DocSecurity>0</DocSecurity><AppVersion>16.0000</AppVersion></Properties>';
    overrides.push(override('/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml'));
    overrides.push(override('/docProps/app.xml', 'application/vnd.openxmlformats-officedocument.extended-properties+xml'));
    rootRels.push(
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>',
      rel('rId3', 'extended-properties', 'docProps/app.xml'),
    );
  }
  for (const name of Object.keys(spec.extraParts ?? {})) {
    if (name.startsWith('word/media/')) rels.push(rel(mediaRelId(name), 'image', name.slice('word/'.length)));
  }

  Object.assign(parts, {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>' +
      `${overrides.join('')}</Types>`,
    '_rels/.rels': relsXml(rootRels),
    'word/_rels/document.xml.rels': relsXml(rels),
    'word/document.xml':
      spec.documentXml ??
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W_MAIN_NS}" xmlns:r="${R_NS}"${spec.rootAttrs ? ` ${spec.rootAttrs}` : ''}><w:body>${spec.body ?? paragraphXml('Hello world')}</w:body></w:document>`,
    'word/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="${W_MAIN_NS}"${spec.styles === undefined ? '/>' : `>${spec.styles}</w:styles>`}`,
    ...spec.extraParts,
  });
  const zippable: Zippable = {};
  for (const [name, content] of Object.entries(parts)) {
    if (spec.omit?.includes(name)) continue;
    zippable[name] = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  }
  return zipSync(zippable, { level: spec.level ?? 6, ...(spec.mtime ? { mtime: spec.mtime } : {}) });
}

function rel(id: string, type: string, target: string): string {
  return `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`;
}

function relsXml(rels: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`;
}

function override(partName: string, contentType: string): string {
  return `<Override PartName="${partName}" ContentType="${contentType}"/>`;
}

/**
 * Undoes addParagraphIds' insertions (sorted, offsets into the original) in the edited text,
 * checking each one is where it should be and putting back any value it replaced.
 */
export function undoInsertions(edited: string, insertions: readonly Insertion[]): string {
  let original = '';
  let cursor = 0;
  let shift = 0;
  for (const ins of insertions) {
    const at = ins.offset + shift;
    if (edited.slice(at, at + ins.text.length) !== ins.text) throw new Error(`insertion ${JSON.stringify(ins.text)} is not at ${at}`);
    original += edited.slice(cursor, at) + ins.replaced;
    cursor = at + ins.text.length;
    shift += ins.text.length - ins.replaced.length;
  }
  return original + edited.slice(cursor);
}
