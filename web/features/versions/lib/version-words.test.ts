import { describe, expect, it } from 'vitest';
import { kindInWords, summaryInWords, totalsInWords } from './version-words';

const summary = (paragraphsChanged: number, paragraphsAdded: number, paragraphsRemoved: number, wordsAdded: number, wordsRemoved: number) => ({
  paragraphsChanged,
  paragraphsAdded,
  paragraphsRemoved,
  wordsAdded,
  wordsRemoved,
});

describe('version words', () => {
  it('names each kind, and the version a restore brought back', () => {
    expect(kindInWords({ kind: 'upload', restoredFrom: null })).toBe('Uploaded');
    expect(kindInWords({ kind: 'restore', restoredFrom: 3 })).toBe('Restored from version 3');
    expect(kindInWords({ kind: 'template', restoredFrom: null })).toBe('Created from a template');
    expect(kindInWords({ kind: 'onlyoffice', restoredFrom: null })).toBe('Saved in ONLYOFFICE');
  });

  it('says what a version changed, leaving out what it did not', () => {
    expect(summaryInWords(summary(2, 1, 0, 14, 3))).toBe('2 paragraphs changed, 1 added · +14 −3 words');
    expect(summaryInWords(summary(0, 0, 1, 0, 5))).toBe('1 paragraph removed · +0 −5 words');
    expect(summaryInWords(summary(1, 0, 0, 0, 0))).toBe('1 paragraph changed');
    expect(summaryInWords(summary(0, 0, 0, 0, 0))).toBe('No changes to the text');
    expect(summaryInWords(null)).toBe('');
  });

  it('totals a comparison', () => {
    const totals = { changed: 3, inserted: 1, deleted: 1, moved: 1, formatting: 0, wordsInserted: 12, wordsDeleted: 4 };
    expect(totalsInWords(totals)).toBe('3 changed · 1 inserted · 1 deleted · 1 moved · +12 −4 words');
    expect(totalsInWords({ ...totals, changed: 0, inserted: 0, deleted: 0, moved: 0, wordsInserted: 0, wordsDeleted: 0 })).toBe('No differences');
  });
});
