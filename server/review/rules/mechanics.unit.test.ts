import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES } from '@common/schemas/review';
import type { ReviewDocument, RuleFinding } from '../types';
import { articles, quotesBrackets, repeatedWords, spacing } from './mechanics';

function docOf(...texts: string[]): ReviewDocument {
  return {
    paragraphs: texts.map((text, index) => ({ index, part: 'body', partName: 'word/document.xml', paraId: null, text, label: null, style: null, heading: false, inTable: false })),
  };
}

const style = DEFAULT_STYLE_RULES;

/** What a reader sees of each finding: where, the passage, and its fix. */
function seen(doc: ReviewDocument, findings: readonly RuleFinding[]) {
  return findings.map((f) => ({
    paragraph: f.paragraph,
    offset: f.offset,
    quote: doc.paragraphs[f.paragraph]!.text.slice(f.offset, f.offset + f.length),
    ...(f.replacement === undefined ? {} : { replacement: f.replacement }),
  }));
}

// Realistic contract prose with brackets, curly quotes, apostrophes and articles before vowel sounds.
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
  it('gives no finding for any mechanics rule', () => {
    const doc = docOf(...CONTROL);
    expect(repeatedWords(doc, style)).toEqual([]);
    expect(articles(doc, style)).toEqual([]);
    expect(spacing(doc, style)).toEqual([]);
    expect(quotesBrackets(doc, style)).toEqual([]);
  });
});

describe('repeatedWords', () => {
  it('flags a word typed twice, in any case, with the single word as the fix', () => {
    const doc = docOf('The the Supplier shall shall pay the fee.', 'It is due on the the the first day.');
    expect(seen(doc, repeatedWords(doc, style))).toEqual([
      { paragraph: 0, offset: 0, quote: 'The the', replacement: 'The' },
      { paragraph: 0, offset: 17, quote: 'shall shall', replacement: 'shall' },
      { paragraph: 1, offset: 13, quote: 'the the the', replacement: 'the' },
    ]);
    expect(repeatedWords(doc, style)[0]!.reason).toBe('The word "The" is repeated.');
  });

  it('leaves "had had", "that that", words across paragraphs or lines, and words that only start alike', () => {
    const doc = docOf('He had had enough. The fact that that clause survives matters.', 'It ends with the', 'the next paragraph.', 'the\nthe then them');
    expect(repeatedWords(doc, style)).toEqual([]);
  });
});

describe('articles', () => {
  it('flags a or an before the wrong sound, with the article fixed in the passage', () => {
    const doc = docOf('It took a hour for an university to issue an one-off certificate to a MBA student.', 'A hour later, a Event of Default occurred after a 8-year term.');
    const findings = articles(doc, style);
    expect(seen(doc, findings)).toEqual([
      { paragraph: 0, offset: 8, quote: 'a hour', replacement: 'an hour' },
      { paragraph: 0, offset: 19, quote: 'an university', replacement: 'a university' },
      { paragraph: 0, offset: 42, quote: 'an one-off', replacement: 'a one-off' },
      { paragraph: 0, offset: 68, quote: 'a MBA', replacement: 'an MBA' },
      { paragraph: 1, offset: 0, quote: 'A hour', replacement: 'An hour' },
      { paragraph: 1, offset: 14, quote: 'a Event', replacement: 'an Event' },
      { paragraph: 1, offset: 48, quote: 'a 8-year', replacement: 'an 8-year' },
    ]);
    expect(findings[0]!.reason).toBe('Use "an" before "hour".');
  });

  it('keeps a quote between the article and its word', () => {
    const doc = docOf('This is a ‘Hour’ for the purposes of clause 2.');
    expect(seen(doc, articles(doc, style))).toEqual([{ paragraph: 0, offset: 8, quote: 'a ‘Hour', replacement: 'an ‘Hour' }]);
  });

  it('leaves letters used as names and labels, and words either article fits', () => {
    const doc = docOf('Schedule A sets out the fees. A and B agree. (a) the Supplier; (b) an historic building; a European; a user; an honest broker; an FAQ.');
    expect(articles(doc, style)).toEqual([]);
  });

  it('survives numbers too large to spell', () => {
    expect(articles(docOf('a 99999999999999999999999 day term'), style)).toEqual([]);
  });
});

describe('spacing', () => {
  it('flags two or more spaces between words or after a full stop, fixed to one', () => {
    const doc = docOf('The Supplier  will pay.  The Customer   will not.');
    const findings = spacing(doc, style);
    expect(seen(doc, findings)).toEqual([
      { paragraph: 0, offset: 12, quote: '  ', replacement: ' ' },
      { paragraph: 0, offset: 23, quote: '  ', replacement: ' ' },
      { paragraph: 0, offset: 37, quote: '   ', replacement: ' ' },
    ]);
    expect(findings.map((f) => f.reason)).toEqual([
      'Two spaces between words; one is enough.',
      'Two spaces after a full stop; one is enough.',
      '3 spaces between words; one is enough.',
    ]);
  });

  it('keeps a no-break space as one no-break space', () => {
    const doc = docOf('clause\u00a0\u00a05');
    expect(seen(doc, spacing(doc, style))).toEqual([{ paragraph: 0, offset: 6, quote: '\u00a0\u00a0', replacement: '\u00a0' }]);
  });

  it('leaves tabs, indentation and trailing spaces alone', () => {
    expect(spacing(docOf('Name:\t\tJane Smith', 'Signed  \tby', '   Indented', 'Trailing   ', 'One space.'), style)).toEqual([]);
  });
});

describe('quotesBrackets', () => {
  it('flags brackets and curly quotes left open', () => {
    const doc = docOf('The fee (plus VAT is due [see clause 4.', '“Services means the services ‘as described.');
    const findings = quotesBrackets(doc, style);
    expect(seen(doc, findings)).toEqual([
      { paragraph: 0, offset: 8, quote: '(' },
      { paragraph: 0, offset: 25, quote: '[' },
      { paragraph: 1, offset: 0, quote: '“' },
      { paragraph: 1, offset: 29, quote: '‘' },
    ]);
    expect(findings[0]!.reason).toBe('Opening bracket ( is not closed with ) in this paragraph.');
  });

  it('flags closing marks with no opening one', () => {
    const doc = docOf('The fee plus VAT) is due] now.', 'The ”Services” are defined.');
    const findings = quotesBrackets(doc, style);
    expect(seen(doc, findings)).toEqual([
      { paragraph: 0, offset: 16, quote: ')' },
      { paragraph: 0, offset: 24, quote: ']' },
      { paragraph: 1, offset: 4, quote: '”' },
      { paragraph: 1, offset: 13, quote: '”' },
    ]);
    expect(findings[0]!.reason).toBe('Closing bracket ) has no opening ( in this paragraph.');
  });

  it('flags the last of an odd number of straight double quotes', () => {
    const doc = docOf('The "Services" and the "Goods are defined.', 'The "Services" are defined.');
    const findings = quotesBrackets(doc, style);
    expect(seen(doc, findings)).toEqual([{ paragraph: 0, offset: 23, quote: '"' }]);
    expect(findings[0]!.reason).toBe('This paragraph has an odd number of straight double quotes (").');
  });

  it('reads apostrophes as apostrophes, not closing quotes', () => {
    const doc = docOf(
      'The parties’ rights don’t lapse in the ’90s; the Supplier’s ‘Services’ and ‘the parties’ obligations’ stay.',
      'The Customer’s (and its Affiliates’) data [as defined] is “Personal Data”.',
    );
    expect(quotesBrackets(doc, style)).toEqual([]);
  });

  it('does not count list labels with only a closing bracket', () => {
    expect(quotesBrackets(docOf('Either a) the Supplier or b) the Customer may, under ii) below, act.'), style)).toEqual([]);
  });
});

describe('odd input', () => {
  it('never throws and points only at real text', () => {
    const odd = ['', '\n', '\ud800 a \udfff hour', 'the '.repeat(5_000), '('.repeat(2_000) + ']'.repeat(2_000), 'x'.repeat(100_000), 'a  '.repeat(2_000)];
    const doc = docOf(...odd);
    for (const rule of [repeatedWords, articles, spacing, quotesBrackets]) {
      for (const f of rule(doc, style)) {
        expect(f.length).toBeGreaterThan(0);
        expect(f.offset + f.length).toBeLessThanOrEqual(odd[f.paragraph]!.length);
      }
    }
  });
});
