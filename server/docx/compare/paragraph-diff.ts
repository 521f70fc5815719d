import type { DiffBudget, Interner } from '../merge/diff';
import type { ParagraphModel } from '../merge/paragraph';
import type { WordOp } from './compare';
import { lookOf, nameChanges, paragraphChanges } from './looks';
import { type Segment, wordDiff } from './words';

/** Two paired paragraphs compared: their words, the formatting of the text they share, their properties. */

/** A paragraph's text as it reads with its tracked changes accepted. */
export interface Visible {
  readonly text: string;
  /** For each character of `text`, its index in the model's characters (ParagraphModel.text). */
  readonly chars: Int32Array;
  /** For each model character, its index in `text`, or -1 for deleted text. */
  readonly ofModel: Int32Array;
}

const REMOVED = new Set(['del', 'moveFrom']);

export function visible(p: ParagraphModel): Visible {
  const hidden = hiddenRuns(p);
  if (hidden.size === 0) {
    const chars = Int32Array.from({ length: p.text.length }, (_, k) => k);
    return { text: p.text, chars, ofModel: chars };
  }
  const ofModel = new Int32Array(p.text.length).fill(-1);
  const chars: number[] = [];
  let text = '';
  for (let k = 0; k < p.text.length; k++) {
    if (hidden.has(p.charRun[k]!)) continue;
    ofModel[k] = chars.length;
    chars.push(k);
    text += p.text[k];
  }
  return { text, chars: Int32Array.from(chars), ofModel };
}

/** Runs the redline must keep as deleted text: inside a tracked deletion or move away. */
export function hiddenRuns(p: ParagraphModel): Set<number> {
  const out = new Set<number>();
  for (const w of p.wrappers) if (REMOVED.has(w.local)) for (const r of w.runs) out.add(r);
  return out;
}

export interface ParagraphDetail {
  readonly va: Visible;
  readonly vb: Visible;
  readonly words: WordOp[];
  readonly segments: readonly Segment[];
  readonly inserted: number;
  readonly deleted: number;
  /** Run and paragraph formatting differences, named. */
  readonly formatting: string[];
  /** For each character of vb, the index of a's run whose look it had, where the look changed; else -1. */
  readonly restyled: Int32Array | undefined;
  readonly paragraphChanged: boolean;
}

export interface DiffContext {
  readonly budget: DiffBudget;
  readonly interner: Interner;
  readonly defaultStyle: () => string;
}

export function compareParagraphs(ctx: DiffContext, aXml: string, pa: ParagraphModel, bXml: string, pb: ParagraphModel): ParagraphDetail {
  const va = visible(pa);
  const vb = visible(pb);
  const words = va.text === vb.text ? wordsEqual(va.text) : wordDiff(va.text, vb.text, ctx.budget, ctx.interner);
  const names = new Set<string>();
  let restyled: Int32Array | undefined;
  for (const s of words.segments) {
    if (s.op !== 'equal') continue;
    for (let k = 0; k < s.a1 - s.a0; k++) {
      const ra = pa.charRun[va.chars[s.a0 + k]!]!;
      const rb = pb.charRun[vb.chars[s.b0 + k]!]!;
      const la = lookOf(pa.runs[ra]!);
      const lb = lookOf(pb.runs[rb]!);
      if (la.key === lb.key) continue;
      restyled ??= new Int32Array(vb.text.length).fill(-1);
      restyled[s.b0 + k] = ra;
      nameChanges(la.look, lb.look, names);
    }
  }
  const paragraph = paragraphChanges(aXml, pa, bXml, pb, ctx.defaultStyle);
  return { va, vb, ...words, formatting: [...paragraph, ...names], restyled, paragraphChanged: paragraph.length > 0 };
}

/** Whether anything a reader would see differs. */
export function differs(d: ParagraphDetail): boolean {
  return d.formatting.length > 0 || d.words.some((w) => w.op !== 'equal');
}

function wordsEqual(text: string): { words: WordOp[]; segments: Segment[]; inserted: number; deleted: number } {
  if (text === '') return { words: [], segments: [], inserted: 0, deleted: 0 };
  return { words: [{ op: 'equal', text }], segments: [{ op: 'equal', a0: 0, a1: text.length, b0: 0, b1: text.length }], inserted: 0, deleted: 0 };
}
