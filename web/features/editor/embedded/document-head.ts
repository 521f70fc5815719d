/**
 * The first pages of a long document as a .docx of their own, for the editor to paint while it
 * parses and lays out the whole (decision 019). The editor lays out every page before it paints
 * the first, so a 300-page contract would show nothing for seconds; its first few dozen blocks lay
 * out in a fraction of that.
 *
 * The head is the package with the body cut after a whole top-level block, closed with the section
 * properties that govern the cut (so page size, margins, headers and footers are those of page
 * one). It is only ever shown read-only and never saved. Anything unexpected (another namespace
 * prefix, no body, a short document) gives null: the document then opens the ordinary way.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

/**
 * Below this many paragraphs the whole document is on screen in about a second and a half
 * (docs/editor.md): a preview would only add its own parse and layout to the time to editable.
 */
export const PREVIEW_MIN_PARAGRAPHS = 2000;
/**
 * About four pages of a contract: enough to fill the screen and scroll a little. Each block is
 * laid out before the first paint: 60 blocks (five pages) took 300-430 ms at 300 pages.
 */
export const HEAD_BLOCKS = 60;
/** A block-count cut can still be large (long tables); stop adding blocks past this much XML. */
const HEAD_XML_CHARS = 160_000;

const BLOCK_NAMES: ReadonlySet<string> = new Set(['w:p', 'w:tbl', 'w:sdt', 'w:customXml']);

export function documentHead(bytes: ArrayBuffer): ArrayBuffer | null {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(bytes));
  } catch {
    return null;
  }
  const main = mainPartName(files);
  const part = main ? files[main] : undefined;
  if (!main || !part) return null;
  const head = cutBody(strFromU8(part));
  if (head === null) return null;
  files[main] = strToU8(head);
  // Stored, not deflated: the head lives for a second in this tab and is never sent anywhere.
  const zipped = zipSync(files, { level: 0 });
  return zipped.buffer.slice(zipped.byteOffset, zipped.byteOffset + zipped.byteLength) as ArrayBuffer;
}

/** The main part named by the package relationships, else the usual name. */
function mainPartName(files: Record<string, Uint8Array>): string | null {
  const rels = files['_rels/.rels'];
  const target = rels && /Type="[^"]*\/officeDocument"[^>]*?Target="\/?([^"]+)"|Target="\/?([^"]+)"[^>]*?Type="[^"]*\/officeDocument"/.exec(strFromU8(rels));
  const name = target ? (target[1] ?? target[2]!) : 'word/document.xml';
  return name in files ? name : null;
}

/** document.xml with the body cut after its first blocks, or null when there is nothing to gain. */
export function cutBody(xml: string): string | null {
  const open = xml.indexOf('<w:body>');
  const close = xml.lastIndexOf('</w:body>');
  if (open < 0 || close < open || countParagraphs(xml) < PREVIEW_MIN_PARAGRAPHS) return null;
  const cut = afterBlocks(xml, open + '<w:body>'.length, close);
  if (cut === null) return null;
  const sectPr = governingSectPr(xml, cut, close);
  if (sectPr === null) return null;
  return xml.slice(0, cut) + sectPr + xml.slice(close);
}

function countParagraphs(xml: string) {
  let count = 0;
  for (let at = xml.indexOf('<w:p'); at >= 0; at = xml.indexOf('<w:p', at + 4)) {
    const next = xml.charCodeAt(at + 4);
    if (next === 0x3e /* > */ || next === 0x20 /* space */) count++;
  }
  return count;
}

/**
 * Offset just past the top-level block where the head ends, or null when the body ends first.
 * Element depth is tracked tag by tag; attribute values may hold '>' so quotes are skipped.
 */
function afterBlocks(xml: string, from: number, end: number): number | null {
  let depth = 0;
  let blocks = 0;
  let at = from;
  while (at < end) {
    const lt = xml.indexOf('<', at);
    if (lt < 0 || lt >= end) return null;
    const gt = tagEnd(xml, lt);
    if (gt < 0) return null;
    const second = xml.charCodeAt(lt + 1);
    if (second === 0x21 /* ! */ || second === 0x3f /* ? */) {
      at = gt + 1;
      continue;
    }
    const closing = second === 0x2f; /* / */
    const selfClosing = !closing && xml.charCodeAt(gt - 1) === 0x2f;
    if (closing) depth--;
    else if (!selfClosing) depth++;
    if (depth < 0) return null;
    if (depth === 0 && isBlock(xml, closing ? lt + 2 : lt + 1)) {
      blocks++;
      if (blocks >= HEAD_BLOCKS || gt + 1 - from >= HEAD_XML_CHARS) return gt + 1;
    }
    at = gt + 1;
  }
  return null;
}

/** Offset of the '>' that ends the tag opened at `lt` (comments and processing instructions too). */
function tagEnd(xml: string, lt: number): number {
  if (xml.startsWith('<!--', lt)) {
    const end = xml.indexOf('-->', lt + 4);
    return end < 0 ? -1 : end + 2;
  }
  let quote = 0;
  for (let i = lt + 1; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e) return i;
  }
  return -1;
}

function isBlock(xml: string, nameAt: number) {
  for (const name of BLOCK_NAMES) {
    if (!xml.startsWith(name, nameAt)) continue;
    const after = xml.charCodeAt(nameAt + name.length);
    if (after === 0x3e || after === 0x20 || after === 0x2f || after === 0x09 || after === 0x0a || after === 0x0d) return true;
  }
  return false;
}

/**
 * A section's properties sit at its end (in its last paragraph, or last in the body), so the
 * section the cut falls in is described by the first sectPr after the cut.
 */
function governingSectPr(xml: string, cut: number, bodyEnd: number): string | null {
  const start = xml.indexOf('<w:sectPr', cut);
  if (start < 0 || start >= bodyEnd) return null;
  const end = elementEnd(xml, start);
  return end === null || end > bodyEnd ? null : xml.slice(start, end);
}

/** Offset just past the element that starts at `lt`, counting depth (a sectPrChange holds a sectPr). */
function elementEnd(xml: string, lt: number): number | null {
  let depth = 0;
  let at = lt;
  for (;;) {
    const open = xml.indexOf('<', at);
    if (open < 0) return null;
    const gt = tagEnd(xml, open);
    if (gt < 0) return null;
    const second = xml.charCodeAt(open + 1);
    if (second === 0x2f) depth--;
    else if (second !== 0x21 && second !== 0x3f && xml.charCodeAt(gt - 1) !== 0x2f) depth++;
    if (depth === 0) return gt + 1;
    at = gt + 1;
  }
}
