import { describe, expect, it } from 'vitest';
import { countTokens, PARSE_PIECE_CHARS, parsePieces, splitSentences, stem, termsOf, wordsOf } from './sentences';

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

describe('countTokens', () => {
  it('counts what wordsOf finds', () => {
    expect(countTokens("The Tenant's well-known rent: EUR 1,200 -- due 'now'.")).toBe(wordsOf("The Tenant's well-known rent: EUR 1,200 -- due 'now'.").length);
    expect(countTokens('a-b a--b -a a- ’tis don’t 3.5')).toBe(9);
    expect(countTokens('')).toBe(0);
    expect(countTokens('Größe 契約 Ἀρχὴ 𝐀𝐁 😀 \ud800x')).toBe(5);
  });

  it('agrees with wordsOf on generated text in any script', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pieces = ['a', 'Z', '9', 'é', 'ß', '契', 'Ω', '𝐀', '😀', "'", '’', '-', ' ', '\n', '.', ',', '\ud800', '\udc00', '٣'];
    for (let round = 0; round < 2000; round++) {
      const text = Array.from({ length: Math.floor(random() * 20) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      expect(countTokens(text), JSON.stringify(text)).toBe(wordsOf(text).length);
    }
  });
});

describe('parsePieces', () => {
  it('reads a long paragraph in pieces cut between sentences, with the same sentences and offsets', () => {
    const sentences = Array.from({ length: 400 }, (_, i) => `The Supplier shall deliver item ${i} to the Buyer (see clause ${i % 9}).`);
    const line = sentences.join(' ');
    expect(line.length).toBeGreaterThan(5 * PARSE_PIECE_CHARS);
    const pieces = parsePieces(line);
    expect(pieces.length).toBeGreaterThan(4);
    for (const piece of pieces) expect(piece.text.length).toBeLessThanOrEqual(PARSE_PIECE_CHARS);
    expect(pieces.map((p) => p.text).join('')).toBe(line);
    const spans = splitSentences(`Heading\n${line}`);
    expect(spans.map((s) => s.text)).toEqual(['Heading', ...sentences]);
    for (const s of spans) expect(`Heading\n${line}`.slice(s.start, s.end)).toBe(s.text);
  });

  it('cuts at a space, or anywhere, when a piece holds no sentence end', () => {
    const words = 'word '.repeat(2 * PARSE_PIECE_CHARS / 5);
    const [first] = parsePieces(words);
    expect(first!.text.endsWith(' ')).toBe(true);
    const [hard] = parsePieces('x'.repeat(PARSE_PIECE_CHARS + 10));
    expect(hard!.start).toBe(0);
    expect(hard!.text.length).toBe(PARSE_PIECE_CHARS);
  });
});
