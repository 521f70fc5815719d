import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES, type StyleRules } from '@common/schemas/review';
import { spellingVariants } from './spelling-variants';
import { docOf, seenWith } from './rule-test-support';

const styleOf = (spelling: StyleRules['spelling']): StyleRules => ({ ...DEFAULT_STYLE_RULES, spelling });

/** What a reader sees of each finding, every one from this rule. */
const seen = seenWith((f) => expect(f.rule).toBe('spelling-variants'));

// A UK services agreement, consistently spelt.
const UK_CONTROL = [
  '1. Definitions and interpretation',
  'In this Agreement, “Authorised Users” means the employees of the Customer’s organisation whom the Customer authorises to use the Software under the licence in clause 3.',
  'The Supplier will deliver the training programme at the Customer’s centre in Manchester. Its staff will travel there at their own cost, and the Customer will reimburse only travelling expenses that it has approved in writing.',
  'The Supplier will analyse each defect the Customer reports, categorise it by severity, and fix it within the times in the Service Level Schedule. A defect in the colour scheme of the user interface is a Severity 3 defect.',
  'Each party will conduct the defence of any claim brought against it, and will not settle a claim in a way that imposes an obligation on the other party without that party’s consent. Nothing in this clause affects a final judgment of a court.',
  'The Customer will pay each invoice by bank transfer and not by cheque. The Supplier may suspend the Services if the Customer behaves in a way that endangers the Supplier’s staff, and it will tell the Customer of its decision in favour of suspension at once.',
  'This Agreement is the entire agreement between the parties. Neither party has relied on any statement that this Agreement does not set out, and each party recognises that it has no remedy for any such statement.',
];

describe('spellingVariants', () => {
  it('flags UK spellings with their US form when house style is US', () => {
    const doc = docOf(
      'The colour of the centre was grey.',
      'We organise the programme, analyse the licence, and travelled with the cheque for our defence.',
    );
    expect(seen(doc, spellingVariants(doc, styleOf('us')))).toEqual([
      { paragraph: 0, offset: 4, quote: 'colour', replacement: 'color' },
      { paragraph: 0, offset: 18, quote: 'centre', replacement: 'center' },
      { paragraph: 0, offset: 29, quote: 'grey', replacement: 'gray' },
      { paragraph: 1, offset: 3, quote: 'organise', replacement: 'organize' },
      { paragraph: 1, offset: 16, quote: 'programme', replacement: 'program' },
      { paragraph: 1, offset: 27, quote: 'analyse', replacement: 'analyze' },
      { paragraph: 1, offset: 39, quote: 'licence', replacement: 'license' },
      { paragraph: 1, offset: 52, quote: 'travelled', replacement: 'traveled' },
      { paragraph: 1, offset: 71, quote: 'cheque', replacement: 'check' },
      { paragraph: 1, offset: 86, quote: 'defence', replacement: 'defense' },
    ]);
  });

  it('flags US spellings with their UK form when house style is UK, and leaves words both accept', () => {
    const doc = docOf('The color at the center was analyzed by the organization, which traveled to license the program for its defense.');
    const findings = spellingVariants(doc, styleOf('uk'));
    expect(seen(doc, findings)).toEqual([
      { paragraph: 0, offset: 4, quote: 'color', replacement: 'colour' },
      { paragraph: 0, offset: 17, quote: 'center', replacement: 'centre' },
      { paragraph: 0, offset: 28, quote: 'analyzed', replacement: 'analysed' },
      { paragraph: 0, offset: 44, quote: 'organization', replacement: 'organisation' },
      { paragraph: 0, offset: 64, quote: 'traveled', replacement: 'travelled' },
      { paragraph: 0, offset: 104, quote: 'defense', replacement: 'defence' },
    ]);
    expect(findings[0]!.reason).toBe('"color" is the US spelling; house style is UK spelling ("colour").');
  });

  it("in 'auto' mode flags the variant the document uses less", () => {
    const doc = docOf('The colour and the centre are set out in the programme.', 'The color is final.');
    const findings = spellingVariants(doc, styleOf('auto'));
    expect(seen(doc, findings)).toEqual([{ paragraph: 1, offset: 4, quote: 'color', replacement: 'colour' }]);
    expect(findings[0]!.reason).toBe('"color" is the US spelling; this document mostly uses UK spelling ("colour").');

    const us = docOf('The color and the center are set out in the program.', 'The colour is final.');
    expect(seen(us, spellingVariants(us, styleOf('auto')))).toEqual([{ paragraph: 1, offset: 4, quote: 'colour', replacement: 'color' }]);
  });

  it("in 'auto' mode accepts Oxford spelling (colour with -ize) but not -ise mixed with -ize", () => {
    const oxford = docOf('The organization will recognize the colour and the centre of the logo.');
    expect(spellingVariants(oxford, styleOf('auto'))).toEqual([]);

    const mixed = docOf('The organisation will recognise the colour.', 'It will organize the launch.');
    const findings = spellingVariants(mixed, styleOf('auto'));
    expect(seen(mixed, findings)).toEqual([{ paragraph: 1, offset: 8, quote: 'organize', replacement: 'organise' }]);
    expect(findings[0]!.reason).toBe('"organize" is the -ize spelling; this document mostly uses -ise ("organise").');
  });

  it('keeps the case of the word it replaces', () => {
    const doc = docOf('Colour samples. COLOUR CHART. The Licence Fee.');
    expect(seen(doc, spellingVariants(doc, styleOf('us')))).toEqual([
      { paragraph: 0, offset: 0, quote: 'Colour', replacement: 'Color' },
      { paragraph: 0, offset: 16, quote: 'COLOUR', replacement: 'COLOR' },
      { paragraph: 0, offset: 34, quote: 'Licence', replacement: 'License' },
    ]);
  });

  it('never flags judgment or judgement, words without a counterpart, mixed-case names or addresses', () => {
    const doc = docOf(
      'The judgement of the court and the judgment of the tribunal.',
      'Whilst amongst the parties, the MyColour app and www.colour.com or help@centre.org stay as they are.',
    );
    expect(spellingVariants(doc, styleOf('us'))).toEqual([]);
    expect(spellingVariants(doc, styleOf('uk'))).toEqual([]);
  });

  it('finds nothing in a consistently spelt UK contract unless house style is US', () => {
    const doc = docOf(...UK_CONTROL);
    expect(spellingVariants(doc, styleOf('auto'))).toEqual([]);
    expect(spellingVariants(doc, styleOf('uk'))).toEqual([]);
    expect(seen(doc, spellingVariants(doc, styleOf('us'))).map((f) => `${f.quote}→${f.replacement}`)).toEqual([
      'Authorised→Authorized',
      'organisation→organization',
      'authorises→authorizes',
      'licence→license',
      'programme→program',
      'centre→center',
      'travelling→traveling',
      'analyse→analyze',
      'categorise→categorize',
      'colour→color',
      'defence→defense',
      'cheque→check',
      'favour→favor',
      'recognises→recognizes',
    ]);
  });

  it('finds nothing in an empty document', () => {
    expect(spellingVariants(docOf(), styleOf('auto'))).toEqual([]);
    expect(spellingVariants(docOf('', '   ', '\n'), styleOf('us'))).toEqual([]);
  });
});
