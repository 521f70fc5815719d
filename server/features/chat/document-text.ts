/**
 * A document's extracted text as the chat reads it: its paragraphs (one per line, as
 * server/docx/text.ts writes them), and, once a selection is first looked for, a copy with every
 * run of whitespace collapsed to one space plus where each paragraph starts in that copy. Built
 * once per text (text-cache.ts keeps it), so a turn only searches that copy with the native
 * `indexOf` and slices paragraphs: nothing per character, nothing quadratic, per turn.
 */

export class DocumentText {
  readonly paragraphs: readonly string[];
  /** False when every paragraph is blank: the model is then told there is no text. */
  readonly hasText: boolean;
  private index: SearchIndex | undefined;

  constructor(private readonly plainText: string) {
    this.paragraphs = plainText ? plainText.split('\n') : [];
    this.hasText = !isBlank(plainText);
  }

  /** The most characters it holds, with the two copies a search may make (collapsed, lower-cased), for the cache's budget. */
  get size(): number {
    return 3 * this.plainText.length;
  }

  /** Built on the first search, in one pass over the text. */
  searchIndex(): SearchIndex {
    this.index ??= buildSearchIndex(this.plainText, this.paragraphs.length);
    return this.index;
  }
}

export type SearchIndex = {
  /** The paragraphs joined, each followed by a space, leading whitespace dropped and every run of whitespace one space. */
  text: string;
  /** Where each paragraph's text begins in `text`, ascending (a blank paragraph begins where the next one does). */
  starts: Int32Array;
  /** `text` lower-cased, made when a search first needs it; null when lower-casing changes its length. */
  lower?: string | null;
};

const NON_SPACE = /\S/;
/** Nothing but whitespace (or nothing). */
export const isBlank = (text: string) => !NON_SPACE.test(text);

/**
 * The first and last paragraph (0-based) that the selection spans. Whitespace is compared loosely,
 * because the editor and the text extraction may render tabs, breaks and runs of spaces
 * differently; then case; then the selection's first and last words.
 */
export function locateSelection(doc: DocumentText, selection: string): { first: number; last: number } | undefined {
  const needle = collapse(selection).trim();
  if (!needle) return undefined;
  const index = doc.searchIndex();
  const span = (hay: string, find: string) => {
    const at = hay.indexOf(find);
    return at < 0 ? undefined : { first: paragraphAt(index.starts, at), last: paragraphAt(index.starts, at + find.length - 1) };
  };
  const exact = span(index.text, needle);
  if (exact) return exact;
  // Lower-casing can change lengths (e.g. 'İ'), which would break the offsets-to-paragraph map.
  if (index.lower === undefined) {
    const lower = index.text.toLowerCase();
    index.lower = lower.length === index.text.length ? lower : null;
  }
  if (index.lower !== null) {
    const folded = span(index.lower, needle.toLowerCase());
    if (folded) return folded;
  }
  // The editor may add what extraction leaves out (list numbers, a table's layout): its two ends will do.
  if (needle.length <= EDGE) return undefined;
  const head = span(index.text, needle.slice(0, EDGE));
  const tail = span(index.text, needle.slice(-EDGE));
  if (head && tail && tail.last >= head.first) return { first: head.first, last: tail.last };
  return head ?? tail;
}

const EDGE = 40;

const collapse = (s: string) => s.replace(/\s+/g, ' ');

/** The paragraph that the character at `offset` of the search text came from: the last one starting at or before it. */
function paragraphAt(starts: Int32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * One pass over the text's UTF-16 units into a buffer sized for the worst case, decoded into a
 * string once: no string per character or per word (`replace(/\s+/g, ' ')` took twice as long).
 */
function buildSearchIndex(plainText: string, paragraphCount: number): SearchIndex {
  const out = new Uint16Array(plainText.length + 1);
  const starts = new Int32Array(paragraphCount);
  let length = 0;
  let paragraph = 0;
  let lastWasSpace = true;
  for (let i = 0; i < plainText.length; i++) {
    const c = plainText.charCodeAt(i);
    if (c > 0x20 && c < 0x7f) {
      out[length++] = c;
      lastWasSpace = false;
      continue;
    }
    if (!isSpace(c)) {
      out[length++] = c;
      lastWasSpace = false;
    } else if (!lastWasSpace) {
      out[length++] = 0x20;
      lastWasSpace = true;
    }
    if (c === 0x0a) starts[++paragraph] = length;
  }
  // The last paragraph ends like the others, as if a line break followed it.
  if (!lastWasSpace) out[length++] = 0x20;
  // Buffer's UTF-16 decoding keeps every unit as it is (a lone surrogate too), so offsets stay aligned.
  const text = Buffer.from(out.buffer, out.byteOffset, length * 2).toString('utf16le');
  return { text, starts };
}

/** Exactly the characters `\s` matches in JavaScript (WhiteSpace and LineTerminator); none is a surrogate. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
