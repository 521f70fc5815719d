import { alignParagraphs } from '../merge/align';
import type { Block } from '../merge/tree';

/**
 * Which paragraph of version b each paragraph of version a became, and which of those pairs kept
 * their place. The save merge's alignment pairs by w14:paraId and, between id pairs, by text; it
 * drops an id pair that crosses others, which for a comparison is a moved paragraph, so those
 * are paired back here, as are paragraphs still alone whose (non-empty) text is found exactly
 * once on each side. The pairs on a longest chain increasing in both versions kept their place;
 * the others moved.
 */

export interface Pairing {
  readonly aToB: Int32Array;
  readonly bToA: Int32Array;
  /** Per paragraph of a: 1 if it is paired and kept its place among the others. */
  readonly inPlace: Uint8Array;
}

export function pairParagraphs(a: readonly Block[], b: readonly Block[]): Pairing {
  const { baseToEdited: aToB, editedToBase: bToA } = alignParagraphs(a, b);
  const pair = (i: number, j: number) => {
    if (aToB[i]! >= 0) bToA[aToB[i]!] = -1;
    if (bToA[j]! >= 0) aToB[bToA[j]!] = -1;
    aToB[i] = j;
    bToA[j] = i;
  };

  const idsB = uniqueIds(b);
  uniqueIds(a).forEach((i, id) => {
    const j = idsB.get(id);
    if (j !== undefined && aToB[i] !== j) pair(i, j);
  });

  // Paragraphs without a usable id that moved: the same text alone on each side.
  const alone = (ps: readonly Block[], partner: Int32Array) => {
    const byText = new Map<string, number>();
    ps.forEach((p, k) => {
      if (partner[k]! >= 0 || p.text.trim() === '') return;
      const key = `${p.text}\u0000${p.nestedText}`;
      byText.set(key, byText.has(key) ? -1 : k);
    });
    return byText;
  };
  const aloneB = alone(b, bToA);
  alone(a, aToB).forEach((i, key) => {
    const j = aloneB.get(key);
    if (i >= 0 && j !== undefined && j >= 0) pair(i, j);
  });

  const pairs: number[] = [];
  for (let i = 0; i < a.length; i++) if (aToB[i]! >= 0) pairs.push(i);
  const inPlace = new Uint8Array(a.length);
  for (const k of longestIncreasing(pairs.map((i) => aToB[i]!))) inPlace[pairs[k]!] = 1;
  return { aToB, bToA, inPlace };
}

/** paraId (upper case: it is hex) -> index, for ids that name exactly one paragraph. */
function uniqueIds(ps: readonly Block[]): Map<string, number> {
  const out = new Map<string, number>();
  const repeated = new Set<string>();
  ps.forEach((p, k) => {
    if (p.paraId === undefined) return;
    const id = p.paraId.toUpperCase();
    if (out.has(id)) repeated.add(id);
    out.set(id, k);
  });
  for (const id of repeated) out.delete(id);
  return out;
}

/** Positions of a longest strictly increasing subsequence of `xs` (patience sorting, n log n). */
function longestIncreasing(xs: readonly number[]): number[] {
  const tails: number[] = [];
  const prev = new Int32Array(xs.length).fill(-1);
  xs.forEach((x, k) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[tails[mid]!]! < x) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tails[lo - 1]!;
    tails[lo] = k;
  });
  const out: number[] = [];
  for (let k = tails.length > 0 ? tails[tails.length - 1]! : -1; k >= 0; k = prev[k]!) out.push(k);
  return out.reverse();
}
