/**
 * Finds what an XML parser reading a part could be led by: a DOCTYPE (entity expansion, XXE,
 * external fetches) or an encoding other than the UTF-8 and UTF-16 that OPC allows (in UTF-7 or
 * EBCDIC a DOCTYPE is not spelled with the bytes searched for). Judged on the bytes, whatever the
 * part is called or declared to be: the consumers after us (the editor, converters, other tools)
 * pick parts by relationship, not by name.
 */

type Encoding = 'utf8' | 'utf16le' | 'utf16be' | 'utf32le' | 'utf32be';

const WIDTH: Record<Encoding, number> = { utf8: 1, utf16le: 2, utf16be: 2, utf32le: 4, utf32be: 4 };
/** Widest first: UTF-16 '<' also reads as a UTF-8 '<' followed by a NUL. */
const ENCODINGS: readonly Encoding[] = ['utf32le', 'utf32be', 'utf16le', 'utf16be', 'utf8'];
const NEEDLES = ENCODINGS.map((enc) => ({ enc, bytes: encode('<!DOCTYPE', enc) }));
/** HTML5's doctype declares nothing and names no file: an altChunk's HTML part may carry it. */
const INERT_DOCTYPE = /^<!DOCTYPE\s+html\s*>/i;
const XML_DECLARATION = /^<\?xml\b[^>]*?\bencoding\s*=\s*["']([^"']*)["']/;
const OPC_ENCODINGS = new Set(['utf-8', 'utf8', 'utf-16', 'utf-16le', 'utf-16be', 'us-ascii']);
const EBCDIC_XML = [0x4c, 0x6f, 0xa7, 0x94];

export interface DtdProblem {
  readonly kind: 'doctype' | 'encoding';
  readonly detail: string;
}

/** What is wrong with the part for an XML parser, or undefined. `xml`: the package calls it XML. */
export function dtdProblem(bytes: Uint8Array, xml: boolean): DtdProblem | undefined {
  const start = xmlStart(bytes);
  if (start === undefined && !xml) return undefined;
  if (EBCDIC_XML.every((b, i) => bytes[i] === b)) return { kind: 'encoding', detail: 'is EBCDIC XML' };
  if (start !== undefined) {
    const declared = XML_DECLARATION.exec(decode(bytes, start.offset, start.enc, 256))?.[1];
    if (declared !== undefined && !OPC_ENCODINGS.has(declared.toLowerCase())) return { kind: 'encoding', detail: `declares encoding ${declared}` };
  }
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Every wider spelling holds NUL bytes: without one in the part, only UTF-8 needs searching.
  const wide = buf.indexOf(0) >= 0;
  for (const needle of NEEDLES) {
    if (!wide && needle.enc !== 'utf8') continue;
    for (let at = buf.indexOf(needle.bytes); at >= 0; at = buf.indexOf(needle.bytes, at + 1)) {
      if (!INERT_DOCTYPE.test(decode(bytes, at, needle.enc, 64))) return { kind: 'doctype', detail: `has a DOCTYPE (${needle.enc})` };
    }
  }
  return undefined;
}

/**
 * Where the first '<' is if the bytes read as XML in some encoding: after a byte-order mark and
 * whitespace, a '<'. Undefined for a picture, a printer-settings blob or an OLE object.
 */
function xmlStart(bytes: Uint8Array): { offset: number; enc: Encoding } | undefined {
  for (const enc of ENCODINGS) {
    const w = WIDTH[enc];
    let p = 0;
    if (charAt(bytes, p, enc) === 0xfeff) p += enc === 'utf8' ? 3 : w;
    while (p + w <= bytes.length && isXmlSpace(charAt(bytes, p, enc))) p += w;
    if (p + w <= bytes.length && charAt(bytes, p, enc) === 0x3c) return { offset: p, enc };
  }
  return undefined;
}

function charAt(b: Uint8Array, p: number, enc: Encoding): number {
  switch (enc) {
    case 'utf8':
      return b[p] === 0xef && b[p + 1] === 0xbb && b[p + 2] === 0xbf ? 0xfeff : (b[p] ?? -1);
    case 'utf16le':
      return (b[p] ?? 0) | ((b[p + 1] ?? 0) << 8);
    case 'utf16be':
      return ((b[p] ?? 0) << 8) | (b[p + 1] ?? 0);
    case 'utf32le':
      return ((b[p] ?? 0) | ((b[p + 1] ?? 0) << 8) | ((b[p + 2] ?? 0) << 16) | ((b[p + 3] ?? 0) << 24)) >>> 0;
    case 'utf32be':
      return (((b[p] ?? 0) << 24) | ((b[p + 1] ?? 0) << 16) | ((b[p + 2] ?? 0) << 8) | (b[p + 3] ?? 0)) >>> 0;
  }
}

function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** Up to `chars` characters from `offset`, as text (non-ASCII characters become '?'). */
function decode(bytes: Uint8Array, offset: number, enc: Encoding, chars: number): string {
  const w = WIDTH[enc];
  let out = '';
  for (let p = offset; p + w <= bytes.length && out.length < chars; p += w) {
    const c = charAt(bytes, p, enc);
    out += c < 0x80 ? String.fromCharCode(c) : '?';
  }
  return out;
}

function encode(text: string, enc: Encoding): Buffer {
  const w = WIDTH[enc];
  const out = Buffer.alloc(text.length * w);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const at = i * w;
    if (enc === 'utf8') out[at] = c;
    else if (enc === 'utf16le' || enc === 'utf32le') out[at] = c;
    else out[at + w - 1] = c;
  }
  return out;
}
