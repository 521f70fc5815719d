import { describe, expect, it } from 'vitest';
import { splitSentences, stem, termsOf } from './sentences';

describe('splitSentences', () => {
  it('splits lines and sentences, also after numbers, but not after abbreviations or clause numbers', () => {
    const text = '2. Fees. The fee is £2,000. Invoices are due in 30 days.\nGoods, e.g. widgets, are sold in the U.S. by Mr. Smith.';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      '2. Fees.',
      'The fee is £2,000.',
      'Invoices are due in 30 days.',
      'Goods, e.g. widgets, are sold in the U.S. by Mr. Smith.',
    ]);
  });

  it('gives offsets into the original text', () => {
    const text = 'One two three.\nFour five six. Seven.';
    for (const s of splitSentences(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
  });
});

describe('termsOf', () => {
  it('drops function words and brings inflections together', () => {
    expect(termsOf('When must the Customer pay the payments that were agreed?')).toEqual(['customer', 'pay', 'pay', 'agre']);
    expect(['deliver', 'delivers', 'delivered', 'delivery'].map(stem)).toEqual(['deliver', 'deliver', 'deliver', 'deliver']);
  });
});
