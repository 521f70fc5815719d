/**
 * Character-level rules of XML 1.0 that the scanner enforces, strict enough that a document we
 * accept also opens in Word and in the editor. xml-differential.unit.test.ts holds the scanner
 * against saxes, a conformant XML 1.0 + Namespaces parser, on Word parts and fuzzed variants.
 */

export const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

/** ASCII name characters: 1 may continue a name, 2 may also start one. Non-ASCII is allowed. */
const NAME = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x3a;
  const other = (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e;
  NAME[c] = letter ? 2 : other ? 1 : 0;
}
/** Past the end of the text charCodeAt gives NaN, which is not a name character. */
export const isNameChar = (c: number) => (c < 0x80 ? NAME[c] !== 0 : c === c);
export const isNameStart = (c: number) => (c < 0x80 ? NAME[c] === 2 : c === c);

/** Raw control characters XML 1.0 forbids; references to them are refused by referenceEnd. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CONTROL = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
/**
 * The first raw character XML 1.0 forbids: a control character, U+FFFE/U+FFFF, or half a
 * surrogate pair (possible in a UTF-16 part; not a character at all). -1 if there is none.
 * Lone surrogates are ruled out by String.prototype.isWellFormed (a regular expression over the
 * surrogate ranges was 5 to 16 times slower than the control-character search on a long body).
 */
export function forbiddenCharAt(xml: string): number {
  const control = FORBIDDEN_CONTROL.exec(xml)?.index ?? -1;
  const lone = loneSurrogateAt(xml, control < 0 ? xml.length : control);
  return lone >= 0 ? lone : control;
}

function loneSurrogateAt(xml: string, before: number): number {
  // Native and fast; a part decoded from UTF-8 is always well formed, so the loop below is rare.
  if ((xml as string & { isWellFormed(): boolean }).isWellFormed()) return -1;
  for (let at = 0; at < before; at++) {
    const c = xml.charCodeAt(at);
    if ((c & 0xf800) !== 0xd800) continue;
    const next = xml.charCodeAt(at + 1);
    if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return at;
    at++;
  }
  return -1;
}

const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));/y;

/** End of the entity or character reference at `at` (an '&'), or -1 if it is not a valid one. */
export function referenceEnd(xml: string, at: number): number {
  REFERENCE.lastIndex = at;
  const m = REFERENCE.exec(xml);
  if (!m) return -1;
  if (m[1] === undefined && !isXmlChar(m[2] !== undefined ? parseInt(m[2], 10) : parseInt(m[3]!, 16))) return -1;
  return REFERENCE.lastIndex;
}

function isXmlChar(c: number): boolean {
  return c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

const DECLARATION =
  /<\?xml\s+version\s*=\s*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:\s+encoding\s*=\s*(?:"[A-Za-z][\w.-]*"|'[A-Za-z][\w.-]*'))?(?:\s+standalone\s*=\s*(?:"(?:yes|no)"|'(?:yes|no)'))?\s*\?>/y;

/** End of a well-formed XML declaration at `at`, or -1. */
export function declarationEnd(xml: string, at: number): number {
  DECLARATION.lastIndex = at;
  return DECLARATION.test(xml) ? DECLARATION.lastIndex : -1;
}

/** Decodes the predefined entities and character references; leaves anything else as written. */
export function decodeXmlText(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return isXmlChar(code) ? String.fromCodePoint(code) : '\uFFFD';
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
