import { describe, expect, it } from 'vitest';
import { buildDocx } from '../../../tests/support/docx/fixtures';
import { disjointBody, disjointTexts } from '../../../tests/support/docx/worst-case';
import { W14_NS } from '../package';
import { processDocx } from '../process';
import { MAX_DIFF_WORK_PER_SAVE, mergeSave } from './merge';
import { OVER_BUDGET_REASON } from './story-merge';

/**
 * The worst save for the word-by-word comparison: every word of every paragraph changed. One
 * budget is shared by the whole save; past it, paragraphs are taken whole from the editor.
 */

const ROOT = `xmlns:w14="${W14_NS}"`;
const PARAGRAPHS = 150;
const WORDS = 300;

function document(version: number): { bytes: Uint8Array; text: string } {
  const texts = disjointTexts(version, PARAGRAPHS, WORDS);
  return { bytes: buildDocx({ body: disjointBody(texts), rootAttrs: ROOT }), text: texts.join('\n') };
}

describe('the save merge with every word changed', () => {
  it(`stays within its comparison budget (${MAX_DIFF_WORK_PER_SAVE.toLocaleString('en')} units) and reads back as the editor's text`, () => {
    const base = document(0);
    const edited = document(1);
    const { bytes, report } = mergeSave(base.bytes, edited.bytes);
    const processed = processDocx(bytes);
    if (!processed.ok) throw new Error(processed.detail ?? processed.reason);
    expect(processed.text).toBe(edited.text);
    expect(report.merged).toBe(true);
    expect(report.paragraphs.merged + report.paragraphs.fallback).toBe(PARAGRAPHS);
    // The budget ran out part way: the rest were taken whole, each with the reason in the report.
    const overBudget = report.fallbacks.filter((f) => f.reason === OVER_BUDGET_REASON);
    expect(overBudget.length).toBeGreaterThan(PARAGRAPHS / 2);
    expect(report.fallbacks.every((f) => f.scope === 'paragraph')).toBe(true);
    // Without the budget this save spends about 70 million units. The
    // last search may finish its step of D past the budget: at most 2,001 diagonals and its snakes.
    expect(report.comparisonWork).toBeGreaterThan(MAX_DIFF_WORK_PER_SAVE * 0.9);
    expect(report.comparisonWork).toBeLessThan(MAX_DIFF_WORK_PER_SAVE + 10_000);
  }, 30_000);
});
