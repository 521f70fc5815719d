import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES, type StyleRules } from '@common/schemas/review';
import { serialComma, wordsToAvoid } from './house-style';
import { CLEAN_CONTRACT, docOf, seen } from './rule-test-support';

const styleWith = (rules: Partial<StyleRules>): StyleRules => ({ ...DEFAULT_STYLE_RULES, ...rules });

const AVOID = [
  { word: 'shall', replacement: 'must' },
  { word: 'in order to', replacement: 'to' },
  { word: 'herein', replacement: '' },
  { word: 'forthwith', replacement: 'at once' },
  { word: 'and/or', replacement: 'or' },
];

describe('the clean control', () => {
  it('gives no finding for either house-style rule', () => {
    const doc = docOf(...CLEAN_CONTRACT);
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
    const doc = docOf('The Customer, its Affiliates, and their employees may use it.', ...CLEAN_CONTRACT);
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
