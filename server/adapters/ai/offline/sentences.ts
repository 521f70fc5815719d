import { toString } from 'nlcst-to-string';
import { retext } from 'retext';
import retextEnglish from 'retext-english';
import { COMMON_WORDS } from './common-words';

/** A sentence of the input, with its offsets so callers can rewrite it in place. */
export interface SentenceSpan {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const english = retext().use(retextEnglish).freeze();

// The nlcst node types, read off the parser: their package is a dependency of retext's, not ours.
type Root = ReturnType<typeof english.parse>;
type Sentence = Extract<Extract<Root['children'][number], { type: 'ParagraphNode' }>['children'][number], { type: 'SentenceNode' }>;

/** The nlcst tree of `text` (retext-english: knows "e.g.", "Mr." and "U.S." are not ends). */
function parseEnglish(text: string): Root {
  return english.parse(text);
}

/**
 * Sentences in reading order. Each line is parsed on its own because documents reach the engine
 * as one paragraph per line, and a heading ("1. Definitions") has no full stop to end it.
 */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    if (line.trim()) {
      for (const piece of parsePieces(line)) {
        for (const paragraph of parseEnglish(piece.text).children) {
          if (paragraph.type !== 'ParagraphNode') continue;
          for (const node of paragraph.children) {
            if (node.type === 'SentenceNode') spans.push(...afterNumbers(spanOf(node, line, piece.start, lineStart)));
          }
        }
      }
    }
    lineStart += line.length + 1;
  }
  return spans;
}

/** The sentence as the line has it (the parser read a piece of it, `pieceStart` in, with long runs cut). */
function spanOf(node: Sentence, line: string, pieceStart: number, offset: number): SentenceSpan {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return { text: toString(node), start: offset, end: offset + line.length };
  return { text: line.slice(pieceStart + start, pieceStart + end), start: offset + pieceStart + start, end: offset + pieceStart + end };
}

// No word is this long. parse-latin gathers the pieces of one word ("1.1.1...") with a spread
// call, which overflows the stack at about 100,000 pieces, and its work on a run of punctuation
// grows with the square of the run (80,000 characters of ".,": 2.4 s).
const LONG_RUN = /\S{1000}/g;

/**
 * The text for the retext parser: a space at the end of every 1,000 characters without one. Same
 * length, so the parser's offsets hold for the original text, which callers read instead.
 */
function parseable(text: string): string {
  return text.length < 1000 ? text : text.replace(LONG_RUN, (run) => `${run.slice(0, -1)} `);
}

/**
 * Longer than any sentence a person writes. parse-latin merges each sentence without a word into
 * its neighbour with an array splice, so its work grows with the square of the sentences in what
 * it reads: 40,000 characters of " ." took 80 ms, and a 2 MB paragraph of them would take minutes.
 */
export const PARSE_PIECE_CHARS = 4_000;
const SENTENCE_END = /[.!?]["'’”)\]]*\s/g;

/**
 * `text` as the retext parser should read it: in pieces of at most PARSE_PIECE_CHARS (cut after a
 * sentence's end where there is one, else at a space), each made parseable. `start` is where the
 * piece begins in `text`; a piece has the length of what it stands for, so offsets hold.
 */
export function parsePieces(text: string): Array<{ start: number; text: string }> {
  const pieces: Array<{ start: number; text: string }> = [];
  let start = 0;
  while (text.length - start > PARSE_PIECE_CHARS) {
    const end = cutBefore(text, start, start + PARSE_PIECE_CHARS);
    pieces.push({ start, text: parseable(text.slice(start, end)) });
    start = end;
  }
  pieces.push({ start, text: parseable(text.slice(start)) });
  return pieces;
}

/** Where to end the piece from `start` to at most `limit`: after its last sentence end, else its last space, else at `limit`. */
function cutBefore(text: string, start: number, limit: number): number {
  const window = text.slice(start, limit);
  let cut = -1;
  for (const m of window.matchAll(SENTENCE_END)) cut = m.index + m[0].length;
  if (cut > 0) return start + cut;
  const space = window.search(/\s\S*$/);
  return space > 0 ? start + space + 1 : limit;
}

// parse-english reads "4." as an ordinal and never ends a sentence after a number, but contracts
// do that all the time ("... a fee of £2,000. Invoices are ..."). A number that opens the
// sentence ("2. Fees.", "4.1 The") is clause numbering and stays.
const NUMBER_END = /\.\s+(?=["'“‘(]*\p{Lu})/gu;

function afterNumbers(span: SentenceSpan): SentenceSpan[] {
  const pieces: SentenceSpan[] = [];
  let from = 0;
  for (const m of span.text.matchAll(NUMBER_END)) {
    if (!endsNumberInSentence(span.text, m.index)) continue;
    const end = m.index + 1;
    pieces.push({ text: span.text.slice(from, end), start: span.start + from, end: span.start + end });
    from = m.index + m[0].length;
  }
  pieces.push({ text: span.text.slice(from), start: span.start + from, end: span.end });
  return pieces;
}

/**
 * The full stop at `dot` ends a word that ends in a digit, and another word comes before that one.
 * Checked by walking back, not by a lookbehind: `(?<=\S\s+\S*\d)` rescans the whole token at
 * every dot of "1.1.1.1...", which is quadratic in its length.
 */
function endsNumberInSentence(text: string, dot: number): boolean {
  const code = text.charCodeAt(dot - 1);
  if (!(code >= 0x30 && code <= 0x39)) return false;
  let i = dot - 1;
  while (i >= 0 && !/\s/.test(text.charAt(i))) i--;
  const spaceEnd = i;
  while (i >= 0 && /\s/.test(text.charAt(i))) i--;
  return spaceEnd >= 0 && i < spaceEnd && i >= 0;
}

/** Whether the word at `index` begins a sentence: the text start, a new line, or after . ! ? */
export function startsSentence(text: string, index: number): boolean {
  // A short look back is enough, and keeps a long selection linear.
  const before = text.slice(Math.max(0, index - 16), index).replace(/["'“‘([]+$/u, '');
  if (index <= 16 && before.trim() === '') return true;
  return /[.!?]["'”’)\]]*\s+$|\n\s*$/u.test(before);
}

/** Words as a reader counts them: runs of letters or digits, with inner apostrophes and hyphens. */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * How many words `wordsOf` finds, without making them: one pass and no string per word. For a
 * whole document (the usage of a question about it) `wordsOf` took ~100 ms on 300 pages.
 */
export function countTokens(text: string): number {
  let count = 0;
  let i = 0;
  while (i < text.length) {
    let width = wordUnitsAt(text, i);
    if (width === 0) {
      i++;
      continue;
    }
    count++;
    // The rest of the word: letters and digits, and an apostrophe or hyphen with more after it.
    for (;;) {
      i += width;
      width = wordUnitsAt(text, i);
      if (width > 0) continue;
      if (!JOINERS.has(text.charCodeAt(i))) break;
      width = wordUnitsAt(text, i + 1);
      if (width === 0) break;
      i++;
    }
  }
  return count;
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const JOINERS = new Set(["'".charCodeAt(0), '’'.charCodeAt(0), '-'.charCodeAt(0)]);
/** Per UTF-16 unit outside ASCII: 0 not looked at yet, 1 a letter or digit, 2 not. */
const bmpWordChars = new Uint8Array(0x10000);
const astralWordChars = new Map<number, boolean>();

/** The UTF-16 units (1 or 2) of the letter or digit at `i`, or 0. */
function wordUnitsAt(text: string, i: number): number {
  if (i >= text.length) return 0;
  const c = text.charCodeAt(i);
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) ? 1 : 0;
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) {
      const point = (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      let word = astralWordChars.get(point);
      if (word === undefined) astralWordChars.set(point, (word = WORD_CHAR.test(String.fromCodePoint(point))));
      return word ? 2 : 0;
    }
  }
  if (bmpWordChars[c] === 0) bmpWordChars[c] = WORD_CHAR.test(String.fromCharCode(c)) ? 1 : 2;
  return bmpWordChars[c] === 1 ? 1 : 0;
}

/**
 * The topic-bearing terms of a text for retrieval and ranking: lower case, without function
 * words, reduced by a light stemmer so "delivers", "delivered" and "delivery" meet.
 */
export function termsOf(text: string): string[] {
  return wordsOf(text.toLowerCase())
    .filter((w) => !COMMON_WORDS.has(w) && !/^\d+$/.test(w))
    .map(stem)
    .filter((w) => w.length > 1);
}

// A few suffixes, not a full Porter stemmer: enough to match inflections of the same word
// ("pay", "payment", "payments"; "agree", "agreed", "agreement") without merging unrelated words.
export function stem(word: string): string {
  let w = word.replace(/['’]s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -3) + 'y';
  else if (w.length > 4 && /(?:ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 6 && w.endsWith('ment')) w = w.slice(0, -4);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 5 && w.endsWith('y')) w = w.slice(0, -1);
  else if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}
