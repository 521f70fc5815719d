/**
 * Edits made on a document's editable copy the way a person makes them in the editor, on the
 * XML of word/document.xml: paragraphs are found by their text, so a test reads as the edit it
 * makes. Used by the version tests (history, compare, restore, merge).
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { escapeXml } from './docx/fixtures';

const PARAGRAPH = /<w:p\b[^>]*?(?:\/>|>[\s\S]*?<\/w:p>)/g;

export type XmlEdit = (xml: string) => string;

/** The package with word/document.xml passed through the edits. */
export function editDocx(bytes: Uint8Array, ...edits: XmlEdit[]): Uint8Array {
  const files = unzipSync(bytes);
  let xml = strFromU8(files['word/document.xml']!);
  for (const edit of edits) xml = edit(xml);
  files['word/document.xml'] = strToU8(xml);
  return zipSync(files);
}

/** The body's paragraph texts, in order (w:t only: what these tests write). */
export function paragraphTexts(bytes: Uint8Array): string[] {
  const xml = strFromU8(unzipSync(bytes)['word/document.xml']!);
  return [...xml.matchAll(PARAGRAPH)].map((m) => textOf(m[0]));
}

const textOf = (p: string) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

function paragraphWith(xml: string, text: string): string {
  const found = [...xml.matchAll(PARAGRAPH)].map((m) => m[0]).filter((p) => textOf(p).includes(text));
  if (found.length !== 1) throw new Error(`expected one paragraph with ${JSON.stringify(text)}, found ${found.length}`);
  return found[0]!;
}

export const replaceText = (from: string, to: string): XmlEdit => (xml) => {
  if (!xml.includes(from)) throw new Error(`no ${JSON.stringify(from)} to replace`);
  return xml.replace(from, escapeXml(to));
};

/** A new plain paragraph after the one holding `anchor` (no paragraph id: the save adds one, as for the editor's). */
export const insertAfter = (anchor: string, text: string): XmlEdit => (xml) => {
  const p = paragraphWith(xml, anchor);
  return xml.replace(p, `${p}<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`);
};

export const deleteParagraph = (text: string): XmlEdit => (xml) => xml.replace(paragraphWith(xml, text), '');

/** The paragraph holding `text` cut and put back after the one holding `after`. */
export const moveAfter = (text: string, after: string): XmlEdit => (xml) => {
  const p = paragraphWith(xml, text);
  const without = xml.replace(p, '');
  const anchor = paragraphWith(without, after);
  return without.replace(anchor, `${anchor}${p}`);
};

/** Every run of the paragraph holding `text` made bold (runs without properties, as paragraphXml writes them). */
export const makeBold = (text: string): XmlEdit => (xml) => {
  const p = paragraphWith(xml, text);
  return xml.replace(p, p.replace(/<w:r>/g, '<w:r><w:rPr><w:b/></w:rPr>'));
};
