import { describe, expect, it } from 'vitest';
import { parseDocumentId } from './parse-document-id';

describe('parseDocumentId', () => {
  it('accepts a positive integer written in digits', () => {
    expect(parseDocumentId('1')).toBe(1);
    expect(parseDocumentId('42')).toBe(42);
  });

  it.each([undefined, '', '0', '-1', '1.5', '1e3', ' 1', 'abc', '12abc', '99999999999999999999'])('refuses %j', (raw) => {
    expect(parseDocumentId(raw)).toBeNull();
  });
});
