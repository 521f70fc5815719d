import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES } from '@common/schemas/review';
import { dateFormats } from './date-formats';
import { at, docOf, reviewOf } from './rule-test-support';

const review = reviewOf(dateFormats);

describe('date-formats', () => {
  it('flags dates not in the dominant format, rewritten in it when the date is certain', () => {
    const first = 'This Agreement is dated 1 March 2025 and starts on 15 March 2025.';
    const second = 'The first review is on March 5, 2025, the second on 2025-04-15 and the third on 1st June 2025.';
    const third = 'Invoices dated 01/04/2025 or 13/04/2025 are payable by 30 April 2025.';
    const reason = 'Most dates in this document are written like "1 March 2025".';
    expect(review(docOf(first, second, third))).toEqual([
      { paragraph: 1, offset: at(second, 'March 5, 2025'), quote: 'March 5, 2025', reason, replacement: '5 March 2025' },
      { paragraph: 1, offset: at(second, '2025-04-15'), quote: '2025-04-15', reason, replacement: '15 April 2025' },
      { paragraph: 1, offset: at(second, '1st June 2025'), quote: '1st June 2025', reason, replacement: '1 June 2025' },
      // 01/04 is 1 April or 4 January: no replacement. 13/04 can only be 13 April.
      { paragraph: 2, offset: at(third, '01/04/2025'), quote: '01/04/2025', reason, replacement: undefined },
      { paragraph: 2, offset: at(third, '13/04/2025'), quote: '13/04/2025', reason, replacement: '13 April 2025' },
    ]);
  });

  it('in a numeric document, checks the order of day and month and the zero-padding', () => {
    const body = 'Signed 15/03/2025, delivered 20/05/2025 and 01/06/2025; paid 06/21/2025; renewed 1/7/2025; closed 1 August 2025.';
    const reason = 'Most dates in this document are written like "15/03/2025".';
    expect(review(docOf(body))).toEqual([
      { paragraph: 0, offset: at(body, '06/21/2025'), quote: '06/21/2025', reason, replacement: '21/06/2025' },
      { paragraph: 0, offset: at(body, '1/7/2025'), quote: '1/7/2025', reason, replacement: undefined },
      { paragraph: 0, offset: at(body, '1 August 2025'), quote: '1 August 2025', reason, replacement: '01/08/2025' },
    ]);
  });

  it('keeps the details of the dominant format: ordinals, commas, abbreviations', () => {
    const d = docOf('Dated March 1st, 2025 and renewed on March 3rd, 2026.', 'Ends 22 Dec 2027.', 'Signed Jan. 2, 2025 and Jan. 9, 2025 and Jan. 12, 2025.', 'Ends 22 December 2027.');
    expect(review(d).map((f) => [f.quote, f.replacement])).toEqual([
      ['March 1st, 2025', 'Mar. 1, 2025'],
      ['March 3rd, 2026', 'Mar. 3, 2026'],
      ['22 Dec 2027', 'Dec. 22, 2027'],
      ['22 December 2027', 'Dec. 22, 2027'],
    ]);
  });

  it('says nothing when one format is used throughout, or there is one date', () => {
    expect(review(docOf(CONTROL))).toEqual([]);
    expect(review(docOf('Signed on 01/04/2025.'))).toEqual([]);
    expect(review(docOf('On 2025-03-01 and 2025-12-31.', 'Revised 2026-01-15.'))).toEqual([]);
  });

  it('reads only real dates: no impossible days, no verb “may”, no reference numbers', () => {
    const d = docOf(
      'Dated 1 March 2025.',
      'Not dates: 31 February 2025, 1 may 2025, ref-2025-03-01-x, 2025-13-01, version 1.2.20250, No. 20/4/28, RD 11-02-2006, 32/01/2025, 2025-03-01T10:00.',
    );
    expect(review(d)).toEqual([]);
  });

  it('never throws on odd input', () => {
    expect(() => dateFormats({ paragraphs: [] }, DEFAULT_STYLE_RULES)).not.toThrow();
    const huge = '1 March 2025 '.repeat(20_000) + '2025-03-01';
    const d = docOf('', '\n\t', huge, 'Подписано 1 марта 2025 г. 😀 1 March 2025 — 三月 1, 2025', '99/99/9999 0/0/0000 00.00.0000');
    expect(review(d)).toEqual([{ paragraph: 2, offset: huge.length - 10, quote: '2025-03-01', reason: 'Most dates in this document are written like "1 March 2025".', replacement: '1 March 2025' }]);
  });
});

const CONTROL = [
  'THIS AGREEMENT is dated 1 March 2025 and is made between Northwind Analytics Limited, company number 08123456, whose registered office is at 12 Quay Street, Bristol BS1 4DJ, and Harbour Logistics plc.',
  'The Services start on 1 April 2025 (the Commencement Date) and continue until 31 March 2028 unless terminated earlier under clause 14.2. The Supplier shall provide support 24/7, with a response time of 4 hours for priority 1 incidents and 2/3 of all tickets closed within one Business Day.',
  'The Charges for the first contract year are £12,500 a month. They increase on 1 April 2026 and on each anniversary after that by the percentage increase in the Consumer Prices Index published for the previous January, as described in Schedule 2, paragraph 3.1.',
  'The Customer shall pay invoices within 30 days. Invoices for the period ending 30 June 2025 shall be sent no later than 7 July 2025, and the final invoice no later than 14 April 2028.',
  'Each party shall comply with the Data Protection Act 2018, the Bribery Act 2010 and section 172 of the Companies Act 2006, as amended from time to time. Version 2.1 of the security policy, approved on 12 November 2024, applies.',
  'Any notice given on or after 25 December 2025 and before 2 January 2026 is treated as received on 2 January 2026. This Agreement was signed by both parties on 28 February 2025 at 10:30 and takes effect on the date stated above.',
].join(' ');
