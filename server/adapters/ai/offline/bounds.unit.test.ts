import { describe, expect, it, vi } from 'vitest';
import { growth, LINEAR_BOUND } from '../../../../tests/support/growth';
import { runOfflineAction } from './engine';
import { proofread } from './proofread';
import { splitSentences } from './sentences';
import { MAX_SEARCHES_PER_REQUEST, MAX_WORD_LETTERS, SpellingBudget, correctWord, getSpeller } from './speller';
import { splitLongSentences } from './split-sentences';
import { summarize } from './summarize';

/**
 * Hostile input for the offline engine: every step whose work grows faster than its input is
 * bounded, so one request cannot hold the server's thread for seconds. Selections are at most
 * 20,000 characters (common/schemas/chat.ts); a document window up to 2,000,000. Time is judged
 * as growth, an input against one four times larger in the same run (tests/support/growth.ts):
 * milliseconds depend on how busy the machine is, the shape of the curve does not.
 */

/** `n` letters, no run of them a dictionary word. */
const letters = (n: number) => Array.from({ length: n }, (_, i) => 'bcdfghjklmnpqrstvwxz'[(i * 7) % 20]).join('');
/** Distinct made-up words: "zqxvb", "zqxvc", ... */
const madeUp = (count: number) => Array.from({ length: count }, (_, i) => `zqxv${i.toString(20).replace(/./g, (d) => 'bcdfghjklmnpqrstvwx'[parseInt(d, 20)] ?? 'z')}`);

/** Megabytes of heap `run` leaves allocated (garbage included), and its answer. */
function heapOf<T>(run: () => T): { value: T; heapMb: number } {
  const heap = process.memoryUsage().heapUsed;
  const value = run();
  return { value, heapMb: (process.memoryUsage().heapUsed - heap) / 1e6 };
}

/** Per test: each runs its code at two sizes, a few times each, on a machine that may be busy. */
const GROWTH_TIMEOUT_MS = 60_000;

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

  it('proofreads a long word in linear time and with little memory', () => {
    const word = letters(4_000);
    const { value, heapMb } = heapOf(() => proofread(word));
    expect(value).toBe(word);
    // Before the bound: 2.2 s and 235 MB for 2,000 letters, 9.5 s and 880 MB for 4,000.
    expect(heapMb).toBeLessThan(100);
    expect(growth(letters, proofread, 1_000, 4_000)).toBeLessThan(LINEAR_BOUND);
  }, GROWTH_TIMEOUT_MS);

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
    // The budget ran out before the last word: it stays as typed, so the searches were bounded.
    expect(proofread(`${filler} beleive`).endsWith(' beleive')).toBe(true);
    expect(proofread('They beleive it.')).toBe('They believe it.');
  });
});

describe('regular expressions over the selection', () => {
  // Up to a selection's 20,000 characters. Before: 3.5 s to proofread a 20,000-letter word, 5.4 s for 20,000 full stops.
  it.each([
    ['a long word', (n: number) => letters(n)],
    ['full stops inside a word', (n: number) => `x${'.'.repeat(n - 2)}x`],
    ['a word of dotted pieces', (n: number) => 'a.'.repeat(n / 2)],
    ['a would-be address with no @', (n: number) => 'a.b-'.repeat(n / 4)],
    ['numbered pieces', (n: number) => ` 1${'.1'.repeat(n / 2 - 1)}`],
    ['sentences without a word', (n: number) => `a${' .'.repeat(n / 2 - 1)}`],
    ['exclamations without a word', (n: number) => `a${'! '.repeat(n / 2 - 1)}`],
  ])('stay linear on %s', (_, make) => {
    for (const action of ['proofread', 'rewrite', 'explain'] as const) {
      expect(growth(make, (text) => runOfflineAction({ action, text }), 5_000, 20_000), action).toBeLessThan(LINEAR_BOUND);
    }
  }, GROWTH_TIMEOUT_MS);

  it('finds the word inside a chunk of punctuation in linear time', () => {
    // A lazy middle before a trailing class of punctuation took 0.4 s on 20,000 characters, 4 s on 60,000.
    const chunk = (n: number) => `x${'.,'.repeat(n / 2 - 1)}x`;
    expect(proofread(chunk(60_000))).toBe(chunk(60_000));
    expect(growth(chunk, proofread, 15_000, 60_000)).toBeLessThan(LINEAR_BOUND);
  }, GROWTH_TIMEOUT_MS);

  it('splits sentences after numbers in linear time', () => {
    const text = (n: number) => `Paid on 1${'.1'.repeat(n)}. Then more.`;
    // Read whole up to a parse piece (sentences.ts); past that, in pieces, still in linear time.
    expect(splitSentences(text(1_500)).map((s) => s.text)).toEqual([`Paid on 1${'.1'.repeat(1_500)}.`, 'Then more.']);
    expect(growth(text, splitSentences, 25_000, 100_000)).toBeLessThan(LINEAR_BOUND);
  }, GROWTH_TIMEOUT_MS);
});

describe('long sentences and long documents', () => {
  it('reads a long paragraph of sentences without a word in linear time', () => {
    // A document window reaches the engine whole (summaries, questions): parse-latin merged each
    // wordless sentence with an array splice, quadratic in their number within what it read.
    const paragraph = (n: number) => `Dots${' .'.repeat(n / 2)}`;
    expect(growth(paragraph, splitSentences, 50_000, 200_000)).toBeLessThan(LINEAR_BOUND);
  }, GROWTH_TIMEOUT_MS);

  it('splits a sentence with thousands of clause boundaries in linear time', () => {
    // Up to 57,000 characters, three selections' worth: counting the words before each boundary
    // from the start took seconds.
    const sentence = (n: number) => `The Buyer shall pay, and ${'the Supplier shall go, and it shall deliver; '.repeat(n)}the Buyer shall pay.`;
    expect(splitLongSentences(sentence(1_300))).not.toBe(sentence(1_300));
    expect(growth(sentence, splitLongSentences, 325, 1_300)).toBeLessThan(LINEAR_BOUND);
  }, GROWTH_TIMEOUT_MS);

  it('summarizes a document of thousands of sentences in linear time', () => {
    const doc = (n: number) => Array.from({ length: n }, (_, i) => `Clause ${i} says the supplier shall deliver item ${i.toString(36)} to the buyer within ${i % 30} days.`).join('\n');
    expect(splitSentences(summarize(doc(4_000)))).toHaveLength(5);
    // Comparing every pair of sentences would be 8 million comparisons here, 16 times the smaller one's.
    expect(growth(doc, summarize, 1_000, 4_000)).toBeLessThan(LINEAR_BOUND);
  }, GROWTH_TIMEOUT_MS);
});
