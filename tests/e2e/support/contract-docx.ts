/**
 * A small contract built byte by byte, so the journeys know exactly what is in it: one paragraph
 * holds a bold red run with a misspelling ('recieve'), the others are plain. Also what the
 * journeys need to read a saved .docx back: its document.xml, paragraphs by w14:paraId, runs.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

export const RED_BOLD_RUN = 'The Supplier shall recieve payment.';

const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" ' +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="w14"';

const PLAIN_PARAGRAPHS = [
  'This Services Agreement is made between Northwind Ltd (the Customer) and Contoso Supplies (the Supplier).',
  'The Supplier will deliver the services described in Schedule 1 from the start date.',
  'Invoices are payable within 30 days of receipt by the Customer.',
  'Either party may end this agreement with 60 days written notice to the other party.',
  'This agreement is governed by the laws of England and Wales.',
];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (text: string, rPr = '') => `<w:r>${rPr}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;

function documentXml() {
  const plain = PLAIN_PARAGRAPHS.map((text) => `<w:p>${run(text)}</w:p>`);
  const red = `<w:p>${run('Payment. ')}${run(RED_BOLD_RUN, '<w:rPr><w:b/><w:color w:val="FF0000"/></w:rPr>')}${run(' No other terms apply.')}</w:p>`;
  const body = [plain[0], plain[1], red, ...plain.slice(2)].join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W_NS}><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`;
}

/** The .docx bytes: the minimal parts Word needs, plus the contract's document.xml. */
export function contractDocx(): Buffer {
  const files = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(documentXml()),
  };
  return Buffer.from(zipSync(files));
}

export function documentXmlOf(docx: Uint8Array): string {
  const part = unzipSync(docx, { filter: (file) => file.name === 'word/document.xml' })['word/document.xml'];
  if (!part) throw new Error('word/document.xml is missing');
  return strFromU8(part);
}

/** Body paragraphs as their XML, keyed by w14:paraId (paragraphs without one are left out). */
export function paragraphsById(xml: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of xml.matchAll(/<w:p\b[^>]*?(?:\/>|>[\s\S]*?<\/w:p>)/g)) {
    const id = /w14:paraId="([^"]+)"/.exec(match[0])?.[1];
    if (id) map.set(id, match[0]);
  }
  return map;
}

/** The text of a paragraph's runs (w:t and, for deleted text, w:delText). */
export const paragraphText = (paragraphXml: string) =>
  [...paragraphXml.matchAll(/<w:(?:t|delText)\b[^>]*>([^<]*)<\/w:(?:t|delText)>/g)].map((m) => m[1]).join('');

/** Each run (w:r) of a fragment with its properties and text. */
export function runs(fragmentXml: string): Array<{ rPr: string; text: string }> {
  return [...fragmentXml.matchAll(/<w:r\b[^>]*>([\s\S]*?)<\/w:r>/g)].map((m) => ({
    rPr: /<w:rPr>[\s\S]*?<\/w:rPr>/.exec(m[1] ?? '')?.[0] ?? '',
    text: paragraphText(m[0]),
  }));
}
