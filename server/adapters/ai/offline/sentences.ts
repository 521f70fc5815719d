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
      for (const paragraph of parseEnglish(parseable(line)).children) {
        if (paragraph.type !== 'ParagraphNode') continue;
        for (const node of paragraph.children) {
          if (node.type === 'SentenceNode') spans.push(...afterNumbers(spanOf(node, line, lineStart)));
        }
      }
    }
    lineStart += line.length + 1;
  }
  return spans;
}

/** The sentence as the line has it (the parser may have read a copy with long runs cut). */
function spanOf(node: Sentence, line: string, offset: number): SentenceSpan {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return { text: toString(node), start: offset, end: offset + line.length };
  return { text: line.slice(start, end), start: offset + start, end: offset + end };
}

// No word is this long. parse-latin gathers the pieces of one word ("1.1.1...") with a spread
// call, which overflows the stack at about 100,000 pieces, and its work on a run of punctuation
// grows with the square of the run (80,000 characters of ".,": 2.4 s).
const LONG_RUN = /\S{1000}/g;

/**
 * The text for the retext parser: a space at the end of every 1,000 characters without one. Same
 * length, so the parser's offsets hold for the original text, which callers read instead.
 */
export function parseable(text: string): string {
  return text.length < 1000 ? text : text.replace(LONG_RUN, (run) => `${run.slice(0, -1)} `);
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
