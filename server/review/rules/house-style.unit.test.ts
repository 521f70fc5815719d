import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES, type StyleRules } from '@common/schemas/review';
import type { ReviewDocument, RuleFinding } from '../types';
import { serialComma, wordsToAvoid } from './house-style';

function docOf(...texts: string[]): ReviewDocument {
  return {
    paragraphs: texts.map((text, index) => ({ index, part: 'body', partName: 'word/document.xml', paraId: null, text, label: null, style: null, heading: false, inTable: false })),
  };
}

const styleWith = (rules: Partial<StyleRules>): StyleRules => ({ ...DEFAULT_STYLE_RULES, ...rules });

function seen(doc: ReviewDocument, findings: readonly RuleFinding[]) {
  return findings.map((f) => ({
    paragraph: f.paragraph,
    offset: f.offset,
    quote: doc.paragraphs[f.paragraph]!.text.slice(f.offset, f.offset + f.length),
    ...(f.replacement === undefined ? {} : { replacement: f.replacement }),
  }));
}

const AVOID = [
  { word: 'shall', replacement: 'must' },
  { word: 'in order to', replacement: 'to' },
  { word: 'herein', replacement: '' },
  { word: 'forthwith', replacement: 'at once' },
  { word: 'and/or', replacement: 'or' },
];

// Realistic contract prose with serial commas, introductory phrases and clauses joined by ", and".
const CONTROL = [
  '1. Services',
  'The Supplier will provide the Services to the Customer from the Start Date until the end of the Term. The Supplier will use reasonable skill and care, and it will follow good industry practice at all times.',
  'The Customer will pay each invoice within thirty (30) days of the date it receives the invoice. If the Customer disputes an invoice in good faith, it will tell the Supplier in writing within ten (10) Business Days and pay the undisputed part. Interest runs on late payments at 4% a year above the Bank of England’s base rate.',
  'Either party may end this Agreement by giving the other party at least ninety (90) days’ written notice. The parties’ rights under clauses 7, 9, and 12 survive the end of this Agreement.',
  'Each party will keep the other party’s Confidential Information secret. It will not disclose that information to any third party without the other party’s prior written consent, except to its employees, advisers, and insurers who need to know it.',
  'The Supplier will hold an ISO 27001 certificate for the whole Term. It will give the Customer an annual report, a one-off security review, and an hour of training for each new user. Training takes place at a university campus or an office that the Customer chooses.',
  'In this Agreement, “Business Day” means a day other than a Saturday, a Sunday, or a public holiday in England. A reference to a “party” includes that party’s successors and permitted assigns, and a reference to a statute (such as the Data Protection Act 2018) includes any change to it.',
  'Nothing in this Agreement limits either party’s liability for death or personal injury that its negligence causes, or for fraud. Subject to that, the total liability of each party in each Contract Year will not exceed the fees that the Customer paid in that year.',
  'The law of England and Wales governs this Agreement and any dispute arising from it. The courts of England have exclusive jurisdiction to settle any dispute, and the parties submit to that jurisdiction.',
  'The Supplier’s Chief Executive, Jane Smith, signed this Agreement on 4 March 2024 (see cl. 14 and Sch. 2 for her authority to sign).',
];

describe('the clean control', () => {
  it('gives no finding for either house-style rule', () => {
    const doc = docOf(...CONTROL);
    expect(wordsToAvoid(doc, styleWith({ wordsToAvoid: AVOID }))).toEqual([]);
    expect(serialComma(doc, styleWith({ serialComma: 'on' }))).toEqual([]);
    expect(serialComma(doc, styleWith({ serialComma: 'any' }))).toEqual([]);
  });
});

describe('wordsToAvoid', () => {
  it('flags whole words in any case, and keeps the case in the replacement', () => {
    const doc = docOf('The Supplier shall pay. Shall it? IT SHALL.', 'Marshall, the shallow shallot, shall not.');
    const findings = wordsToAvoid(doc, styleWith({ wordsToAvoid: AVOID }));
    expect(seen(doc, findings)).toEqual([
      { paragraph: 0, offset: 13, quote: 'shall', replacement: 'must' },
      { paragraph: 0, offset: 24, quote: 'Shall', replacement: 'Must' },
      { paragraph: 0, offset: 37, quote: 'SHALL', replacement: 'MUST' },
      { paragraph: 1, offset: 31, quote: 'shall', replacement: 'must' },
    ]);
    expect(findings[0]!.reason).toBe('House style: "shall" → "must"');
  });

  it('matches phrases across any spacing, and punctuation literally', () => {
    const doc = docOf('In  order to comply, the Supplier will act forthwith and/or notify. In order tomorrow.');
    expect(seen(doc, wordsToAvoid(doc, styleWith({ wordsToAvoid: AVOID })))).toEqual([
      { paragraph: 0, offset: 0, quote: 'In  order to', replacement: 'To' },
      { paragraph: 0, offset: 43, quote: 'forthwith', replacement: 'at once' },
      { paragraph: 0, offset: 53, quote: 'and/or', replacement: 'or' },
    ]);
  });

  it('flags a word with no replacement without offering one', () => {
    const doc = docOf('As set out herein.');
    const findings = wordsToAvoid(doc, styleWith({ wordsToAvoid: AVOID }));
    expect(seen(doc, findings)).toEqual([{ paragraph: 0, offset: 11, quote: 'herein' }]);
    expect(findings[0]!.reason).toBe('House style: avoid "herein"');
  });

  it('finds nothing with an empty list', () => {
    expect(wordsToAvoid(docOf('The Supplier shall pay.'), styleWith({ wordsToAvoid: [] }))).toEqual([]);
  });
});

describe('serialComma', () => {
  it("'on': adds the comma before the last item of a list", () => {
    const doc = docOf(
      'The flag is red, white and blue.',
      'The Supplier will deliver the Goods, Services and Deliverables by hand, by post or by email.',
      'The licence permits copying, modifying and distributing the Software. Clauses 3, 4 and 5 survive.',
    );
    const findings = serialComma(doc, styleWith({ serialComma: 'on' }));
    expect(seen(doc, findings)).toEqual([
      { paragraph: 0, offset: 17, quote: 'white and', replacement: 'white, and' },
      { paragraph: 1, offset: 37, quote: 'Services and', replacement: 'Services, and' },
      { paragraph: 1, offset: 75, quote: 'post or', replacement: 'post, or' },
      { paragraph: 2, offset: 29, quote: 'modifying and', replacement: 'modifying, and' },
      { paragraph: 2, offset: 81, quote: '4 and', replacement: '4, and' },
    ]);
    expect(findings[0]!.reason).toBe('House style uses the serial comma: add a comma before "and" in this list.');
  });

  it("'off': removes the comma before the last item of a list", () => {
    const doc = docOf('The Customer, its Affiliates, and their employees may use it.', ...CONTROL);
    const findings = serialComma(doc, styleWith({ serialComma: 'off' }));
    expect(seen(doc, findings)).toEqual([
      { paragraph: 0, offset: 18, quote: 'Affiliates, and', replacement: 'Affiliates and' },
      { paragraph: 4, offset: 142, quote: '9, and', replacement: '9 and' },
      { paragraph: 6, offset: 131, quote: 'review, and', replacement: 'review and' },
      { paragraph: 7, offset: 71, quote: 'Sunday, or', replacement: 'Sunday or' },
    ]);
    expect(findings[0]!.reason).toBe('House style omits the serial comma: remove the comma before "and" in this list.');
  });

  it('leaves introductory phrases, asides and clauses joined by ", and"', () => {
    const doc = docOf(
      'Subject to clause 5, fees and expenses are payable.',
      'For the avoidance of doubt, fees and expenses are excluded.',
      'The Supplier warrants that, to its knowledge, the Software and the Documentation are accurate.',
      'Each party, acting reasonably and in good faith, will cooperate.',
      'The Supplier will not, directly or indirectly, solicit staff.',
      'The Supplier may, at its option, repair or replace the Goods.',
      'This includes, without limitation, fees and costs.',
      'Following the end of the Term, the Supplier and the Customer will meet.',
      'Upon termination, the Supplier and the Customer will return all property.',
      'The Supplier will deliver the Goods, on time and in full.',
      'If the Customer fails to pay, the Supplier may suspend the Services, and the Customer will pay interest.',
      'The Supplier will deliver the Goods, and the Customer will pay for them.',
      'The notice, either by post or by email, takes effect on receipt.',
      'Personal data, such as names and addresses, stays in the UK.',
    );
    expect(serialComma(doc, styleWith({ serialComma: 'on' }))).toEqual([]);
    expect(serialComma(doc, styleWith({ serialComma: 'off' }))).toEqual([]);
  });

  it("'any': checks nothing", () => {
    expect(serialComma(docOf('The flag is red, white and blue, or red, white, and blue.'), styleWith({ serialComma: 'any' }))).toEqual([]);
  });
});

describe('odd input', () => {
  it('never throws and points only at real text', () => {
    const odd = ['', '\n', 'red, '.repeat(5_000) + 'and blue', ', and '.repeat(5_000), 'shall'.repeat(10_000), '\ud800 shall \udfff'];
    const doc = docOf(...odd);
    const style = styleWith({ wordsToAvoid: [...AVOID, { word: 'x+?(', replacement: '' }], serialComma: 'on' });
    for (const findings of [wordsToAvoid(doc, style), serialComma(doc, style), serialComma(doc, { ...style, serialComma: 'off' })]) {
      for (const f of findings) {
        expect(f.length).toBeGreaterThan(0);
        expect(f.offset + f.length).toBeLessThanOrEqual(odd[f.paragraph]!.length);
      }
    }
  });
});
