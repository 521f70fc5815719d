import { describe, expect, it } from 'vitest';
import { coverageLabel } from './coverage';

describe('coverageLabel', () => {
  it('names the paragraphs the model read', () => {
    expect(coverageLabel({ from: 12, to: 40, total: 212 })).toBe('Read paragraphs 12–40 of 212');
    expect(coverageLabel({ from: 3, to: 3, total: 10 })).toBe('Read paragraph 3 of 10');
  });

  it('says when it read the whole document', () => {
    expect(coverageLabel({ from: 1, to: 7, total: 7 })).toBe('Read the whole document (7 paragraphs)');
    expect(coverageLabel({ from: 1, to: 1, total: 1 })).toBe('Read the whole document (1 paragraph)');
  });

  it('shows nothing without coverage or for an empty document', () => {
    expect(coverageLabel(undefined)).toBeNull();
    expect(coverageLabel({ from: 0, to: 0, total: 0 })).toBeNull();
  });
});
