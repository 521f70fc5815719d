/** A replacement of text[start, end) by `replacement`, found by one pass of the engine. */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
}

// Links and addresses are copied through untouched: "fixing" a word inside one breaks it. An
// address starts only where its run of [\w.+-] starts: tried at every letter of a long word with no
// '@', the search would be quadratic (a 20,000-letter word took 0.4 s per pass).
const PROTECTED = /\b(?:https?:\/\/|www\.)[^\s<>"]+|(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;

/** The spans of `text` that no pass may change. */
function protectedSpans(text: string): Array<[number, number]> {
  return [...text.matchAll(PROTECTED)].map((m) => [m.index, m.index + m[0].length]);
}

/**
 * Applies edits that neither overlap each other nor touch a protected span. When two overlap, the
 * one that starts first wins, and the longer one when they start together ("in a timely manner"
 * before "timely"), so the result never depends on the order the passes reported them in.
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const locked = protectedSpans(text);
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let cursor = 0;
  for (const edit of sorted) {
    if (edit.start < cursor) continue;
    if (locked.some(([s, e]) => edit.start < e && edit.end > s)) continue;
    out += text.slice(cursor, edit.start) + edit.replacement;
    cursor = edit.end;
  }
  return out + text.slice(cursor);
}

/** Gives `replacement` the case pattern of `original`: "Utilize" -> "Use", "UTILIZE" -> "USE". */
export function matchCase(original: string, replacement: string): string {
  const letters = original.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase()) return replacement.toUpperCase();
  if (original.charAt(0) !== original.charAt(0).toLowerCase()) return capitalise(replacement);
  return replacement;
}

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * Runs `transform` on the text without its leading and trailing whitespace and puts that
 * whitespace back: the result replaces a selection in a document, so a selection that ended with
 * a line break or a space must still end with it.
 */
export function keepOuterWhitespace(text: string, transform: (core: string) => string): string {
  let start = 0;
  let end = text.length;
  while (start < end && /\s/.test(text.charAt(start))) start++;
  while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  if (start === end) return text;
  return text.slice(0, start) + transform(text.slice(start, end)) + text.slice(end);
}
