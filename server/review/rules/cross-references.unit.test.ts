import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES } from '@common/schemas/review';
import type { ReviewDocument } from '../types';
import { crossReferences } from './cross-references';
import { at, labelledDocOf, where } from './rule-test-support';

const review = (d: ReviewDocument) => crossReferences(d, DEFAULT_STYLE_RULES).map((f) => ({ ...where(d, f), reason: f.reason }));

/** Numbered by labels up to clause 3, typed after that ('4.1 Payment'), with two schedules. */
const NUMBERED: [string | null, string][] = [
  ['1.', 'Definitions'],
  ['1.1.', 'Words defined in the Schedules have the same meaning in this Agreement.'],
  ['2.', 'Services'],
  ['2.1.', 'The Supplier shall provide the Services.'],
  ['2.2.', 'The Supplier shall:'],
  ['(a)', 'act in good faith; and'],
  ['(b)', 'comply with all applicable laws.'],
  ['3.', 'Term'],
  ['3.1.', 'This Agreement continues for two years.'],
  [null, '4. Payment'],
  [null, '4.1 The Customer shall pay the Charges, except that it may withhold (a) disputed amounts and (b) set-off amounts.'],
  [null, 'Clause 5 – Termination'],
  [null, '5.1 Either party may terminate on notice.'],
  [null, 'SCHEDULE 1 – CHARGES'],
  [null, 'Schedule 2: Service levels'],
];

describe('cross-references', () => {
  it('flags references to clauses, sub-clauses and schedules the document does not have', () => {
    const text =
      'Subject to clause 2.3, clause 4.1(c), Clause 2.2(b), Schedule 3 and section 7, the Supplier shall comply with clause 4.1(b) and Schedule 2.';
    const d = labelledDocOf(...NUMBERED, [null, text]);
    const p = NUMBERED.length;
    expect(review(d)).toEqual([
      { paragraph: p, offset: at(text, 'clause 2.3'), quote: 'clause 2.3', reason: 'Clause 2.3 does not exist in this document (2.1 and 2.2 do).' },
      { paragraph: p, offset: at(text, 'clause 4.1(c)'), quote: 'clause 4.1(c)', reason: 'Clause 4.1(c) does not exist in this document (4.1(a) and 4.1(b) do).' },
      { paragraph: p, offset: at(text, 'Schedule 3'), quote: 'Schedule 3', reason: 'Schedule 3 does not exist in this document (Schedules 1 and 2 do).' },
      { paragraph: p, offset: at(text, 'section 7'), quote: 'section 7', reason: 'Section 7 does not exist in this document (sections 1 to 5 do).' },
    ]);
  });

  it('checks both ends of a range and every item of a list', () => {
    const text = 'Clauses 3 to 6, clauses 1, 2 and 8, clause 2.1-2.4 and paragraphs 5.1–5.2 survive termination.';
    const d = labelledDocOf(...NUMBERED, [null, text]);
    const p = NUMBERED.length;
    expect(review(d)).toEqual([
      { paragraph: p, offset: at(text, '6,'), quote: '6', reason: 'Clause 6 does not exist in this document (clauses 1 to 5 do).' },
      { paragraph: p, offset: at(text, '8,'), quote: '8', reason: 'Clause 8 does not exist in this document (clauses 1 to 5 do).' },
      { paragraph: p, offset: at(text, '2.4'), quote: '2.4', reason: 'Clause 2.4 does not exist in this document (2.1 and 2.2 do).' },
      { paragraph: p, offset: at(text, '5.2'), quote: '5.2', reason: 'Paragraph 5.2 does not exist in this document (5.1 does).' },
    ]);
  });

  it('leaves references to other texts alone, but not references to this one', () => {
    const text =
      'Nothing in section 1159 of the Companies Act 2006, Article 28 GDPR, clause 30 of the Master Agreement or Annex B (the annexes are separate documents) applies, but clause 9 of this Agreement does.';
    const d = labelledDocOf(...NUMBERED, [null, text]);
    expect(review(d)).toEqual([
      { paragraph: NUMBERED.length, offset: at(text, 'clause 9'), quote: 'clause 9', reason: 'Clause 9 does not exist in this document (clauses 1 to 5 do).' },
    ]);
  });

  it('says nothing in a document without numbered clauses', () => {
    const letter = labelledDocOf(
      [null, 'Dear Ms Patel,'],
      [null, 'Thank you for your letter. Under clause 3 of our agreement, and clause 14.2 in particular, notice must be given in writing. Please see Schedule 4.'],
      [null, '1 March 2025'],
    );
    expect(review(letter)).toEqual([]);
  });

  it('says nothing when every reference exists', () => {
    expect(review(labelledDocOf(...CONTROL))).toEqual([]);
  });

  it('never throws on odd input', () => {
    expect(() => crossReferences({ paragraphs: [] }, DEFAULT_STYLE_RULES)).not.toThrow();
    const odd = labelledDocOf(
      ['', ''],
      ['1.', ''],
      ['•', 'clause '],
      ['2.', 'clause 1.'.repeat(30_000)],
      ['(ä)', 'Schedule Ω, clause ٣, clause 1(😀), clauses 1 to , clause 999999999999.1'],
      ['Schedule', 'clause 1'.padEnd(200_000, ' and 2')],
    );
    expect(review(odd)).toEqual([]);
  });
});

const CONTROL: [string | null, string][] = [
  [null, 'MASTER SERVICES AGREEMENT'],
  [null, 'This Agreement is made between Northwind Analytics Limited and Harbour Logistics plc.'],
  ['1.', 'Definitions and interpretation'],
  ['1.1.', 'In this Agreement the words defined in clause 1.2 and in Schedule 1 have the meanings given to them there.'],
  ['1.2.', '"Services" means the services described in Schedule 2; "Charges" means the charges set out in paragraph 1 of Schedule 1.'],
  ['1.3.', 'A reference to a statute includes section 1159 of the Companies Act 2006 as amended, and Article 28(3) of the UK GDPR.'],
  ['2.', 'Term'],
  ['2.1.', 'This Agreement starts on the Commencement Date and continues for three years unless terminated earlier under clause 6.'],
  ['3.', 'Supply of the Services'],
  ['3.1.', 'The Supplier shall provide the Services with reasonable skill and care. The Supplier shall:'],
  ['(a)', 'co-operate with the Customer in all matters relating to the Services;'],
  ['(b)', 'use suitably skilled and experienced personnel; and'],
  ['(c)', 'comply with the Customer’s security policies described in clause 3.2.'],
  ['3.2.', 'The Customer shall give the Supplier its security policies in writing, and clause 3.1(c) applies only to policies so given.'],
  ['4.', 'Charges and payment'],
  ['4.1.', 'The Customer shall pay the Charges in accordance with this clause 4 and Schedule 1. Each invoice is payable within thirty days.'],
  ['4.2.', 'Interest on late payment accrues at four per cent a year under section 6 of the Late Payment of Commercial Debts (Interest) Act 1998.'],
  ['5.', 'Confidentiality and data'],
  ['5.1.', 'Each party shall keep the other’s confidential information confidential, subject to clauses 5.2 and 5.3 and to sub-clauses 3.1(a) to 3.1(c).'],
  ['5.2.', 'A party may disclose confidential information to its advisers who need to know it.'],
  ['5.3.', 'Each party shall comply with the Data Protection Act 2018 and Article 5 of the UK GDPR.'],
  ['6.', 'Termination'],
  ['6.1.', 'Either party may terminate this Agreement on three months’ notice. Clauses 4 and 5, clause 6.2 and clauses 1.1-1.3 survive termination.'],
  ['6.2.', 'On termination the Supplier shall return the Customer’s data as described in paragraph 2 of Schedule 2, and the parties shall schedule 2 meetings to agree the exit plan.'],
  [null, 'SCHEDULE 1 – CHARGES'],
  [null, '1. The Supplier shall charge the Customer £12,500 each month, payable in arrears.'],
  [null, 'SCHEDULE 2 – SERVICES'],
  [null, '1. The Services comprise weekly freight analytics and a monthly performance report, as further described in clauses 3.1 and 3.2.'],
  [null, '2. On exit, the Supplier shall return all Customer data within thirty days.'],
];
