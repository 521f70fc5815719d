import { describe, expect, it } from 'vitest';
import { DocumentText } from './document-text';
import { TextCache } from './text-cache';

// Each text counts three times its length (itself and the two copies a search may make).
const text = (chars: number) => new DocumentText('x'.repeat(chars));

describe('TextCache', () => {
  it('gives a text back only at the revision it was read at', () => {
    const cache = new TextCache(1000);
    const t = text(10);
    cache.set(1, '1@2025-03-01', t);
    expect(cache.get(1, '1@2025-03-01')).toBe(t);
    expect(cache.get(1, '2@2025-03-01')).toBeUndefined();
    expect(cache.get(2, '1@2025-03-01')).toBeUndefined();
  });

  it('replaces a document’s older revision', () => {
    const cache = new TextCache(1000);
    cache.set(1, 'a', text(10));
    const newer = text(20);
    cache.set(1, 'b', newer);
    expect(cache.get(1, 'a')).toBeUndefined();
    expect(cache.get(1, 'b')).toBe(newer);
    expect(cache.cachedChars).toBe(60);
  });

  it('drops the least recently used texts beyond its budget, and keeps the one just read even alone over it', () => {
    const cache = new TextCache(100);
    cache.set(1, 'r', text(10));
    cache.set(2, 'r', text(10));
    cache.set(3, 'r', text(10));
    expect(cache.get(1, 'r')).toBeDefined(); // 1 is now the most recently used
    cache.set(4, 'r', text(10)); // 120 > 100: 2 goes
    expect(cache.get(2, 'r')).toBeUndefined();
    expect([1, 3, 4].map((id) => cache.get(id, 'r') !== undefined)).toEqual([true, true, true]);
    expect(cache.cachedChars).toBe(90);

    const huge = text(50);
    cache.set(5, 'r', huge);
    expect([1, 3, 4].map((id) => cache.get(id, 'r'))).toEqual([undefined, undefined, undefined]);
    expect(cache.get(5, 'r')).toBe(huge);
    expect(cache.cachedChars).toBe(150);
  });
});
