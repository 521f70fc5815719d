import { Interner, diff } from './diff';
import type { Block } from './tree';

/**
 * Pairs the paragraphs of a base part with the editor's. The w14:paraId the editor carries through
 * is the primary key; a pair that would cross another (a paragraph moved) is dropped, and is then
 * a deletion plus an insertion. Between two id pairs, paragraphs without a usable id (added,
 * split, joined, or ids the editor lost) are paired by text: equal texts first, then, within what
 * is left of each gap, paragraphs that share most of their words.
 */

export interface ParagraphPairs {
  /** For each base paragraph, the edited paragraph paired with it, or -1. */
  readonly baseToEdited: Int32Array;
  readonly editedToBase: Int32Array;
}

const SIMILAR = 0.5;
/** How far ahead a paragraph looks for its similar partner: keeps a long gap linear. */
const WINDOW = 16;

export function alignParagraphs(base: readonly Block[], edited: readonly Block[]): ParagraphPairs {
  const baseToEdited = new Int32Array(base.length).fill(-1);
  const editedToBase = new Int32Array(edited.length).fill(-1);

  const byId = uniqueIds(edited);
  const baseIds = uniqueIds(base);
  const candidates: [number, number][] = [];
  base.forEach((b, i) => {
    const id = b.paraId?.toUpperCase();
    if (id === undefined || baseIds.get(id) !== i) return;
    const j = byId.get(id);
    if (j !== undefined) candidates.push([i, j]);
  });
  for (const [i, j] of increasing(candidates)) {
    baseToEdited[i] = j;
    editedToBase[j] = i;
  }

  // The gaps between id pairs (and before the first, after the last).
  const interner = new Interner();
  const key = (p: Block) => interner.id(`${p.text}\u0000${p.nestedText}`);
  let i = 0;
  let j = 0;
  while (i <= base.length && j <= edited.length) {
    let i2 = i;
    while (i2 < base.length && baseToEdited[i2]! < 0) i2++;
    let j2 = j;
    while (j2 < edited.length && editedToBase[j2]! < 0) j2++;
    if (i2 > i && j2 > j) pairGap(base, edited, i, i2, j, j2, key, baseToEdited, editedToBase);
    if (i2 >= base.length || j2 >= edited.length) break;
    i = i2 + 1;
    j = j2 + 1;
  }
  return { baseToEdited, editedToBase };
}

function pairGap(
  base: readonly Block[],
  edited: readonly Block[],
  i0: number,
  i1: number,
  j0: number,
  j1: number,
  key: (p: Block) => number,
  baseToEdited: Int32Array,
  editedToBase: Int32Array,
): void {
  const a = base.slice(i0, i1).map(key);
  const b = edited.slice(j0, j1).map(key);
  const pair = (x: number, y: number) => {
    baseToEdited[x] = y;
    editedToBase[y] = x;
  };
  const steps = diff(a, b);
  let s = 0;
  while (s < steps.length) {
    if (steps[s]!.op === 'equal') {
      pair(i0 + steps[s]!.i, j0 + steps[s]!.j);
      s++;
      continue;
    }
    const deleted: number[] = [];
    const inserted: number[] = [];
    for (; s < steps.length && steps[s]!.op !== 'equal'; s++) {
      if (steps[s]!.op === 'delete') deleted.push(i0 + steps[s]!.i);
      else inserted.push(j0 + steps[s]!.j);
    }
    // An edited paragraph whose id the editor lost: most of its words are still there.
    let from = 0;
    for (const x of deleted) {
      for (let k = from; k < Math.min(inserted.length, from + WINDOW); k++) {
        if (similarity(base[x]!.text, edited[inserted[k]!]!.text) >= SIMILAR) {
          pair(x, inserted[k]!);
          from = k + 1;
          break;
        }
      }
    }
  }
}

/** Dice coefficient of the two texts' word multisets. */
export function similarity(a: string, b: string): number {
  const wa = a.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const wb = b.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (wa.length + wb.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const w of wa) counts.set(w, (counts.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of wb) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(w, n - 1);
    }
  }
  return (2 * shared) / (wa.length + wb.length);
}

/** paraId (upper case: it is hex) -> index, for ids that name exactly one paragraph. */
function uniqueIds(ps: readonly Block[]): Map<string, number> {
  const out = new Map<string, number>();
  const repeated = new Set<string>();
  ps.forEach((p, i) => {
    if (p.paraId === undefined) return;
    const id = p.paraId.toUpperCase();
    if (out.has(id)) repeated.add(id);
    out.set(id, i);
  });
  for (const id of repeated) out.delete(id);
  return out;
}

/** The longest chain of pairs increasing in both indices (patience sorting, n log n). */
function increasing(pairs: readonly [number, number][]): [number, number][] {
  const tails: number[] = [];
  const prev = new Int32Array(pairs.length).fill(-1);
  pairs.forEach(([, j], k) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![1] < j) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tails[lo - 1]!;
    tails[lo] = k;
  });
  const out: [number, number][] = [];
  for (let k = tails.length > 0 ? tails[tails.length - 1]! : -1; k >= 0; k = prev[k]!) out.push(pairs[k]!);
  return out.reverse();
}
