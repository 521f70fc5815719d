import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES } from '@common/schemas/review';
import { articles, quotesBrackets, repeatedWords, spacing } from './mechanics';
import { CLEAN_CONTRACT, docOf, seen } from './rule-test-support';

const style = DEFAULT_STYLE_RULES;

describe('the clean control', () => {
  it('gives no finding for any mechanics rule', () => {
    const doc = docOf(...CLEAN_CONTRACT);
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
