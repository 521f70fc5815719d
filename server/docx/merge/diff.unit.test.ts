import { describe, expect, it } from 'vitest';
import { seededFraction } from '../../../tests/support/docx/realistic';
import { DiffBudget, DiffBudgetExceeded, type DiffStep, diff } from './diff';

/** Length of the longest common subsequence, by the textbook table: what a minimal script keeps. */
function lcs(a: readonly number[], b: readonly number[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = up;
    }
  }
  return row[b.length]!;
}

/** The script applied: every a[i] and b[j] consumed once, in order, and equal steps really equal. */
function check(a: readonly number[], b: readonly number[], steps: readonly DiffStep[]): void {
  let i = 0;
  let j = 0;
  for (const s of steps) {
    if (s.op === 'equal') {
      expect([s.i, s.j, a[s.i]]).toEqual([i++, j++, b[s.j]]);
    } else if (s.op === 'delete') expect(s.i).toBe(i++);
    else expect(s.j).toBe(j++);
  }
  expect([i, j]).toEqual([a.length, b.length]);
}

describe('diff', () => {
  it('finds a minimal script on random sequences (the search keeps only the diagonals it reached)', () => {
    const next = seededFraction(7);
    for (let n = 0; n < 300; n++) {
      const a = Array.from({ length: Math.floor(next() * 40) }, () => Math.floor(next() * 5));
      const b = a.flatMap((x) => (next() < 0.3 ? [] : next() < 0.3 ? [x, Math.floor(next() * 5)] : [next() < 0.2 ? 9 : x]));
      const steps = diff(a, b);
      check(a, b, steps);
      expect(steps.filter((s) => s.op === 'equal')).toHaveLength(lcs(a, b));
    }
  });

  it('replaces the middle whole when the sequences differ in more than 1,000 places', () => {
    const a = Array.from({ length: 3000 }, (_, k) => k);
    const b = Array.from({ length: 3000 }, (_, k) => k + 3000);
    const steps = diff(a, b);
    check(a, b, steps);
    expect(steps.filter((s) => s.op === 'equal')).toHaveLength(0);
  });

  it('spends a shared budget across diffs and throws once it runs out', () => {
    const a = Array.from({ length: 500 }, (_, k) => k);
    const b = a.map((k) => k + 500);
    const budget = new DiffBudget(700_000);
    let done = 0;
    expect(() => {
      for (; done < 10; done++) diff(a, b, budget);
    }).toThrow(DiffBudgetExceeded);
    // Each of these costs about 500,000 units: 1,000 steps of D, each trying D + 1 diagonals.
    expect(done).toBe(1);
    // Equal sequences and one-word edits cost almost nothing, so an exhausted budget still serves them.
    expect(diff(a, a, new DiffBudget(0))).toHaveLength(500);
  });
});
