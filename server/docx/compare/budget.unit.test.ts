import { describe, expect, it } from 'vitest';
import { buildDocx } from '../../../tests/support/docx/fixtures';
import { redlineProblems } from '../../../tests/support/docx/redline-oracle';
import { disjointBody, disjointTexts } from '../../../tests/support/docx/worst-case';
import { DiffBudget } from '../merge/diff';
import { W14_NS } from '../package';
import { MAX_COMPARE_WORK, compareDocx, redlineDocx } from './compare';

/**
 * The worst pair for the word comparison: every word of every paragraph different. One budget
 * is shared by the whole comparison; past it, paragraphs are reported replaced whole, and the
 * comparison neither throws nor runs on.
 */

const PARAGRAPHS = 150;
const WORDS = 300;

function version(n: number, paragraphs = PARAGRAPHS): Uint8Array {
  return buildDocx({ body: disjointBody(disjointTexts(n, paragraphs, WORDS)), rootAttrs: `xmlns:w14="${W14_NS}"` });
}

describe('the comparison with every word changed', () => {
  it(`stays within its budget (${MAX_COMPARE_WORK.toLocaleString('en')} units) and reports the rest replaced whole`, () => {
    const budget = new DiffBudget(MAX_COMPARE_WORK);
    const c = compareDocx(version(0), version(1), budget);
    expect(c.paragraphs).toHaveLength(PARAGRAPHS);
    expect(c.totals).toMatchObject({ changed: PARAGRAPHS, wordsInserted: PARAGRAPHS * WORDS, wordsDeleted: PARAGRAPHS * WORDS });
    const whole = c.paragraphs.filter((p) => p.kind === 'changed' && p.words.length === 2 && p.words[0]!.op === 'delete' && p.words[1]!.op === 'insert');
    expect(whole.length).toBeGreaterThan(PARAGRAPHS / 2);
    // The last search may finish its step past the budget: at most 2,001 diagonals and their snakes.
    expect(MAX_COMPARE_WORK - budget.remaining).toBeLessThan(MAX_COMPARE_WORK + 10_000);
  }, 30_000);

  it('with no budget at all, still answers, and its redline still reads as both versions', () => {
    const [a, b] = [version(0, 5), version(1, 5)];
    const c = compareDocx(a, b, new DiffBudget(0));
    expect(c.paragraphs.map((p) => (p.kind === 'changed' ? p.words.map((w) => w.op) : []))).toEqual(Array(5).fill(['delete', 'insert']));
    const red = redlineDocx(a, b, { author: 'Budget', date: '2025-06-01T00:00:00Z' }, new DiffBudget(0));
    expect(redlineProblems(a, b, red, 'Budget')).toEqual([]);
  });
});
