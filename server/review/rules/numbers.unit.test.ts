import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES } from '@common/schemas/review';
import { numbers, wordsToNumber } from './numbers';
import { docOf, reviewOf } from './rule-test-support';

/** What a reader of the review sees: the paragraph, the quoted passage, the reason and the fix. */
const review = reviewOf(numbers);

describe('numbers', () => {
  it('flags words and digits that disagree, with the words’ value in the digits', () => {
    const text = 'The Customer shall pay each invoice within thirty (31) days of receipt.';
    expect(review(docOf(text))).toEqual([
      { paragraph: 0, offset: text.indexOf('thirty'), quote: 'thirty (31)', reason: 'thirty is 30, not 31.', replacement: 'thirty (30)' },
    ]);
  });

  it('reads hyphens, spaces, hundreds, "and", thousands and millions, in any case', () => {
    const wrong = 'Notice of twenty one (12) days and a cap of one million (100,000) units.';
    const d = docOf(
      'Notice of twenty-one (21) days, Twenty One (21) days or THIRTY-SIX (36) months.',
      'A cap of one hundred (100) units, one hundred and fifty thousand pounds (£150,000) and two million five hundred thousand (2,500,000) shares.',
      wrong,
    );
    expect(review(d)).toEqual([
      { paragraph: 2, offset: wrong.indexOf('twenty'), quote: 'twenty one (12)', reason: 'twenty one is 21, not 12.', replacement: 'twenty one (21)' },
      { paragraph: 2, offset: wrong.indexOf('one million'), quote: 'one million (100,000)', reason: 'one million is 1,000,000, not 100,000.', replacement: 'one million (1,000,000)' },
    ]);
  });

  it('reads digits first, percentages and currencies', () => {
    const text = 'Interest accrues at 5% (five per cent) a year, rising to seven per cent (8%) after 45 (forty) days, on £10,000 (ten thousand pounds).';
    expect(review(docOf(text))).toEqual([
      { paragraph: 0, offset: text.indexOf('seven'), quote: 'seven per cent (8%)', reason: 'seven is 7, not 8.', replacement: 'seven per cent (7%)' },
      { paragraph: 0, offset: text.indexOf('45'), quote: '45 (forty)', reason: 'forty is 40, not 45.', replacement: '40 (forty)' },
    ]);
  });

  it('takes the number at the end of a run of words, and leaves a lone “one” alone', () => {
    const d = docOf('Between one and five (5) members; of the seven congeners, one (118) is dioxin-like.', 'Any two (2) Directors; three and four (4) items.');
    expect(review(d)).toEqual([]);
  });

  it('says nothing when every pair agrees', () => {
    expect(review(docOf(CONTROL))).toEqual([]);
  });

  it('never throws on odd input', () => {
    const odd = docOf('', '(', '()', 'thirty (', 'thirty ()', '(31) thirty', '1'.repeat(100_000) + ' (one)', 'один (1) — 三十 (31) 😀 thirty (30)', 'ninety nine (99999999999999999999999)');
    expect(() => numbers({ paragraphs: [] }, DEFAULT_STYLE_RULES)).not.toThrow();
    expect(review(odd)).toEqual([
      { paragraph: 8, offset: 0, quote: 'ninety nine (99999999999999999999999)', reason: 'ninety nine is 99, not 99999999999999999999999.', replacement: 'ninety nine (99)' },
    ]);
  });

  it('rejects runs that are not numbers', () => {
    expect(wordsToNumber(['twenty', 'eleven'])).toBeNull();
    expect(wordsToNumber(['one', 'two'])).toBeNull();
    expect(wordsToNumber(['thousand', 'million'])).toBeNull();
    expect(wordsToNumber(['nine', 'hundred', 'and', 'ninety', 'nine', 'million', 'one'])).toBe(999_000_001);
  });
});

const CONTROL = [
  'This Agreement is made between Northwind Analytics Limited (the "Supplier") and Harbour Logistics plc (the "Customer").',
  'The initial term of this Agreement is thirty-six (36) months from the Commencement Date. Either party may extend it by twelve (12) months by giving at least ninety (90) days’ written notice before the end of the initial term, and may do so no more than two (2) times.',
  'The Customer shall pay each valid invoice within thirty (30) days of receipt. Any amount not paid when due bears interest at four per cent (4%) a year above the base rate, calculated daily from the due date until the date of payment.',
  'The Supplier’s total liability in each contract year shall not exceed one hundred and fifty thousand pounds (£150,000), except that its liability under clause 9 shall not exceed 2,000,000 (two million) pounds in aggregate.',
  'The Supplier shall maintain insurance of not less than five million (5,000,000) pounds for each claim and shall produce evidence of it within fourteen (14) days of a request. It shall keep records for six (6) years after termination.',
  'Either party may terminate this Agreement on three (3) months’ notice. Sections 1 to 4 survive termination, and the 24 hour support line stays open for 10 days after it, staffed by 2 engineers on a 7-day rota.',
  'A quorum is any two (2) directors. The Customer may order between one and ten (10) additional licences in any quarter, each for a minimum of 12 (twelve) months, at a discount of 15% (fifteen per cent) on the list price.',
].join(' ');
