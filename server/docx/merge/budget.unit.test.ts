import { describe, expect, it } from 'vitest';
import { buildDocx } from '../../../tests/support/docx/fixtures';
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

/** A made-up word per (paragraph, position, version): no two versions share a word. */
function word(paragraph: number, position: number, version: number): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let x = (paragraph * WORDS + position) * 2 + version;
  let out = '';
  for (let k = 0; k < 6; k++, x = Math.floor(x / 20)) out += letters[x % 20];
  return out;
}

function document(version: number): { bytes: Uint8Array; text: string } {
  const texts = Array.from({ length: PARAGRAPHS }, (_, k) => Array.from({ length: WORDS }, (_, i) => word(k, i, version)).join(' '));
  const id = (k: number) => (k + 1).toString(16).toUpperCase().padStart(8, '0');
  const body = texts.map((t, k) => `<w:p w14:paraId="${id(k)}" w14:textId="77777777"><w:r><w:t xml:space="preserve">${t}</w:t></w:r></w:p>`).join('');
  return { bytes: buildDocx({ body, rootAttrs: ROOT }), text: texts.join('\n') };
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
