import { describe, expect, it, vi } from 'vitest';
import { runOfflineAction } from './engine';
import { proofread } from './proofread';
import { splitSentences } from './sentences';
import { MAX_SEARCHES_PER_REQUEST, MAX_WORD_LETTERS, SpellingBudget, correctWord, getSpeller } from './speller';
import { splitLongSentences } from './split-sentences';
import { summarize } from './summarize';

/**
 * Hostile input for the offline engine: every step whose work grows faster than its input is
 * bounded, so one request cannot hold the server's thread for seconds. Selections are at most
 * 20,000 characters (common/schemas/chat.ts); a document window up to 2,000,000.
 */

/** `n` letters, no run of them a dictionary word. */
const letters = (n: number) => Array.from({ length: n }, (_, i) => 'bcdfghjklmnpqrstvwxz'[(i * 7) % 20]).join('');
/** Distinct made-up words: "zqxvb", "zqxvc", ... */
const madeUp = (count: number) => Array.from({ length: count }, (_, i) => `zqxv${i.toString(20).replace(/./g, (d) => 'bcdfghjklmnpqrstvwx'[parseInt(d, 20)] ?? 'z')}`);

function timed<T>(run: () => T): { value: T; ms: number; heapMb: number } {
  const heap = process.memoryUsage().heapUsed;
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started, heapMb: (process.memoryUsage().heapUsed - heap) / 1e6 };
}

describe('the speller', () => {
  it(`does not search corrections for words over ${MAX_WORD_LETTERS} letters, nor consult the dictionary`, () => {
    const correct = vi.spyOn(getSpeller(), 'correct');
    try {
      expect(correctWord(letters(MAX_WORD_LETTERS + 1), { sentenceStart: false })).toBeUndefined();
      expect(correct).not.toHaveBeenCalled();
      correctWord(letters(MAX_WORD_LETTERS), { sentenceStart: false });
      expect(correct).toHaveBeenCalled();
    } finally {
      correct.mockRestore();
    }
  });

  it.each([2_000, 4_000])('proofreads a %i-letter word at once and with little memory', (n) => {
    const word = letters(n);
    const { value, ms, heapMb } = timed(() => proofread(word));
    expect(value).toBe(word);
    // Before the bound: 2.2 s and 235 MB for 2,000 letters, 9.5 s and 880 MB for 4,000.
    expect(ms).toBeLessThan(1_000);
    expect(heapMb).toBeLessThan(100);
  });

  it('makes at most a fixed number of searches per request; the words past it stay as typed', () => {
    const budget = new SpellingBudget(1);
    expect(correctWord('liabilty', { sentenceStart: false }, budget)).toBe('liability');
    expect(budget.searches).toBe(0);
    expect(correctWord('goverment', { sentenceStart: false }, budget)).toBeUndefined();
    // Not cached as "no correction": a later request with budget left still fixes it.
    expect(correctWord('goverment', { sentenceStart: false })).toBe('government');
  });

  it('proofreads a long selection of many misspelled words within the budget', () => {
    const filler = madeUp(MAX_SEARCHES_PER_REQUEST + 200).join(' ');
    expect(filler.length).toBeLessThan(20_000);
    const { value, ms } = timed(() => proofread(`${filler} beleive`));
    expect(value.endsWith(' beleive')).toBe(true);
    expect(ms).toBeLessThan(5_000);
    expect(proofread('They beleive it.')).toBe('They believe it.');
  });
});

describe('regular expressions over the selection', () => {
  it.each([
    ['a 20,000-letter word', letters(20_000)],
    ['20,000 full stops inside a word', `x${'.'.repeat(19_998)}x`],
    ['a word of 10,000 dotted pieces', 'a.'.repeat(10_000)],
    ['a 20,000-character would-be address with no @', `${'a.b-'.repeat(5_000)}`],
    ['10,000 numbered pieces', ` 1${'.1'.repeat(9_999)}`],
  ])('stay linear on %s', (_, text) => {
    for (const action of ['proofread', 'rewrite', 'explain'] as const) {
      const { ms } = timed(() => runOfflineAction({ action, text }));
      // Before: 3.5 s to proofread the 20,000-letter word, 5.4 s for the full stops.
      expect(ms, action).toBeLessThan(1_500);
    }
  });

  it('finds the word inside a chunk of punctuation in linear time', () => {
    // Three times a selection's length, to tell linear from quadratic on a busy machine: a lazy
    // middle before a trailing class of punctuation took 0.4 s on 20,000 characters, 4 s on these.
    const chunk = `x${'.,'.repeat(29_999)}x`;
    const { value, ms } = timed(() => proofread(chunk));
    expect(value).toBe(chunk);
    expect(ms).toBeLessThan(1_500);
  });

  it('splits sentences after numbers in linear time', () => {
    const text = `Paid on 1${'.1'.repeat(100_000)}. Then more.`;
    const { value, ms } = timed(() => splitSentences(text));
    expect(value.map((s) => s.text)).toEqual([`Paid on 1${'.1'.repeat(100_000)}.`, 'Then more.']);
    expect(ms).toBeLessThan(2_000);
  });
});

describe('long sentences and long documents', () => {
  it('splits a sentence with thousands of clause boundaries in linear time', () => {
    // 57,000 characters, three selections' worth, to tell linear from quadratic: counting the
    // words before each boundary from the start took seconds.
    const sentence = `The Buyer shall pay, and ${'the Supplier shall go, and it shall deliver; '.repeat(1_300)}the Buyer shall pay.`;
    const { value, ms } = timed(() => splitLongSentences(sentence));
    expect(value).not.toBe(sentence);
    expect(ms).toBeLessThan(1_500);
  });

  it('summarizes a 2 MB document of 20,000 sentences in linear time', () => {
    const doc = Array.from({ length: 20_000 }, (_, i) => `Clause ${i} says the supplier shall deliver item ${i.toString(36)} to the buyer within ${i % 30} days.`).join('\n');
    const { value, ms } = timed(() => summarize(doc));
    expect(splitSentences(value)).toHaveLength(5);
    // Comparing every pair of sentences would be 200 million comparisons.
    expect(ms).toBeLessThan(8_000);
  });
});
