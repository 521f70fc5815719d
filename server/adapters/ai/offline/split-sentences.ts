import { splitSentences, wordsOf } from './sentences';
import { applyEdits, capitalise } from './text-edits';

/** Sentences longer than this are hard to follow in one reading (plain-language guides say 20-25). */
export const LONG_SENTENCE_WORDS = 30;
// Each half of a split must still be a real sentence, not a dangling phrase.
const MIN_PART_WORDS = 8;

/** Splits each sentence of more than LONG_SENTENCE_WORDS words where a second clause begins. */
export function splitLongSentences(text: string): string {
  const edits = splitSentences(text).flatMap((s) => {
    const replacement = splitSentence(s.text, 0);
    return replacement === s.text ? [] : [{ start: s.start, end: s.end, replacement }];
  });
  return applyEdits(text, edits);
}

// Words that can open an independent clause. Without a part-of-speech tagger this is how we tell
// "..., and the Supplier shall..." (two clauses) from "... apples, pears, and plums" (a list).
const CLAUSE_OPENERS = new Set(
  'a all an any both each either he i if it its neither no our she such that the their there these they this those we where you your'.split(' '),
);
const CUT = /(;)\s+(?:(and|but)\s+)?|(,)\s+(and|but|so|yet)\s+/g;

interface Cut {
  readonly start: number;
  readonly end: number;
  /** The conjunction to keep at the head of the second sentence ("But ..."); "and" is dropped. */
  readonly keep: string;
  readonly wordsBefore: number;
}

function splitSentence(sentence: string, depth: number): string {
  const total = wordsOf(sentence).length;
  // Enumerated conditions ("(a) ...; and (b) ...") read as one rule; splitting breaks the list.
  if (depth > 3 || total <= LONG_SENTENCE_WORDS || /\((?:[a-z]|[ivx]+|\d+)\)/i.test(sentence)) return sentence;
  const cut = bestCut(sentence, total);
  if (!cut) return sentence;
  const left = `${sentence.slice(0, cut.start).replace(/[\s,;:]+$/, '')}.`;
  const rest = sentence.slice(cut.end);
  const right = cut.keep ? `${capitalise(cut.keep.toLowerCase())} ${rest}` : capitalise(rest);
  return `${splitSentence(left, depth + 1)} ${splitSentence(right, depth + 1)}`;
}

/**
 * The clause boundary nearest the middle that leaves a real sentence on each side. Words are
 * counted from one boundary to the next (a boundary is a ',' or ';', never inside a word), not
 * from the start each time: a 20,000-character sentence has thousands of boundaries.
 */
function bestCut(sentence: string, total: number): Cut | undefined {
  let best: Cut | undefined;
  let wordsBefore = 0;
  let counted = 0;
  for (const m of sentence.matchAll(CUT)) {
    const [whole, semicolon, semicolonConjunction, , conjunction] = m;
    wordsBefore += wordsOf(sentence.slice(counted, m.index)).length;
    counted = m.index;
    const next = /^["'“‘(]*([\p{L}]+)/u.exec(sentence.slice(m.index + whole.length))?.[1] ?? '';
    if (wordsBefore < MIN_PART_WORDS || total - wordsBefore < MIN_PART_WORDS) continue;
    if (!CLAUSE_OPENERS.has(next.toLowerCase()) && next === next.toLowerCase()) continue;
    if (!semicolon && looksLikeList(sentence, m.index)) continue;
    const keep = (semicolon ? semicolonConjunction : conjunction) ?? '';
    const cut = { start: m.index, end: m.index + whole.length, keep: keep.toLowerCase() === 'and' ? '' : keep, wordsBefore };
    if (!best || Math.abs(wordsBefore - total / 2) < Math.abs(best.wordsBefore - total / 2)) best = cut;
  }
  return best;
}

/**
 * "... a laptop, a phone, a copy of the handbook, and ...": two or more short items separated
 * by commas just before the ", and" (at `end`) make it the end of a list, not a second clause.
 */
function looksLikeList(sentence: string, end: number): boolean {
  // Only the last two items before `end` count: found from the end, not by splitting it all.
  const last = sentence.lastIndexOf(',', end - 1);
  if (last < 0) return false;
  const lastItem = sentence.slice(last + 1, end);
  const previous = last === 0 ? -1 : sentence.lastIndexOf(',', last - 1);
  if (previous < 0) return wordsOf(lastItem).length <= 3;
  return wordsOf(sentence.slice(previous + 1, last)).length <= 6 && wordsOf(lastItem).length <= 6;
}
