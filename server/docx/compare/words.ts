import { type DiffBudget, DiffBudgetExceeded, type Interner, diff } from '../merge/diff';
import type { WordOp } from './compare';

/**
 * The word-level difference of two paragraph texts: tokens are words, runs of white space and
 * single punctuation marks, so a changed comma is one token and a changed word never shows as
 * a few changed letters. The same difference in character offsets (segments) is what the
 * redline splits runs at.
 */

/** A stretch of the two texts: [a0, a1) of a and [b0, b1) of b, one of them empty unless equal. */
export interface Segment {
  readonly op: WordOp['op'];
  readonly a0: number;
  a1: number;
  readonly b0: number;
  b1: number;
}

export interface WordDiff {
  readonly words: WordOp[];
  readonly segments: Segment[];
  /** Words (letters or digits) inserted and deleted. */
  readonly inserted: number;
  readonly deleted: number;
}

// Combining marks stay with their letters; every other character that is not a letter, digit
// or space is a token of its own.
const TOKEN = /[\p{L}\p{M}\p{N}]+|\s+|[^\p{L}\p{M}\p{N}\s]/gu;
const WORD = /^[\p{L}\p{M}\p{N}]/u;

export function countWords(text: string): number {
  let n = 0;
  for (const t of text.match(TOKEN) ?? []) if (WORD.test(t)) n++;
  return n;
}

/**
 * `budget` is shared by every paragraph of one comparison; once it is spent, this paragraph and
 * every later one are reported as deleted whole and inserted whole instead of searched.
 */
export function wordDiff(a: string, b: string, budget: DiffBudget, interner: Interner): WordDiff {
  const ta = a.match(TOKEN) ?? [];
  const tb = b.match(TOKEN) ?? [];
  let steps;
  try {
    steps = diff(
      ta.map((t) => interner.id(t)),
      tb.map((t) => interner.id(t)),
      budget,
    );
  } catch (e) {
    if (!(e instanceof DiffBudgetExceeded)) throw e;
    return replacedWhole(a, b, ta, tb);
  }
  const words: WordOp[] = [];
  const segments: Segment[] = [];
  let inserted = 0;
  let deleted = 0;
  let pa = 0;
  let pb = 0;
  for (const s of steps) {
    const token = s.op === 'insert' ? tb[s.j]! : ta[s.i]!;
    const n = token.length;
    if (s.op === 'insert' && WORD.test(token)) inserted++;
    if (s.op === 'delete' && WORD.test(token)) deleted++;
    const last = words[words.length - 1];
    if (last?.op === s.op) last.text += token;
    else words.push({ op: s.op, text: token });
    const a1 = s.op === 'insert' ? pa : pa + n;
    const b1 = s.op === 'delete' ? pb : pb + n;
    const seg = segments[segments.length - 1];
    if (seg?.op === s.op) [seg.a1, seg.b1] = [a1, b1];
    else segments.push({ op: s.op, a0: pa, a1, b0: pb, b1 });
    pa = a1;
    pb = b1;
  }
  return { words, segments, inserted, deleted };
}

function replacedWhole(a: string, b: string, ta: readonly string[], tb: readonly string[]): WordDiff {
  const words: WordOp[] = [];
  const segments: Segment[] = [];
  if (a) {
    words.push({ op: 'delete', text: a });
    segments.push({ op: 'delete', a0: 0, a1: a.length, b0: 0, b1: 0 });
  }
  if (b) {
    words.push({ op: 'insert', text: b });
    segments.push({ op: 'insert', a0: a.length, a1: a.length, b0: 0, b1: b.length });
  }
  const count = (ts: readonly string[]) => ts.filter((t) => WORD.test(t)).length;
  return { words, segments, inserted: count(tb), deleted: count(ta) };
}
