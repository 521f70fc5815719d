import { describe, expect, it } from 'vitest';
import { definedTerms, explain, passiveConstructions } from './explain';

const CLAUSE =
  'This Supply Agreement (the "Agreement") is made between Acme Ltd (the "Supplier") and Beta plc (the "Customer"). ' +
  '"Business Day" means a day other than a Saturday, Sunday or public holiday in England. ' +
  "The Goods shall be delivered by the Supplier to the Customer's premises within ten Business Days of the date on which the order is accepted, " +
  'and the Customer shall inspect the Goods on delivery and notify the Supplier in writing of any defect within five Business Days.';

describe('explain', () => {
  it('reports reading level, length, long and passive sentences and defined terms of a clause', () => {
    expect(explain(CLAUSE)).toBe(
      [
        'Reading level: grade 13.2 on the Flesch-Kincaid scale (reading ease 47.3 of 100), difficult, at the level of a university graduate.',
        'Length: 3 sentences, 79 words, 26.3 words per sentence on average.',
        'Long sentences: 1 over 30 words, the one starting "The Goods shall be delivered by..." (47 words).',
        'Hard to read: 1 of 3 sentences, by at least 4 of 7 readability formulas.',
        'Passive voice: "is made", "shall be delivered" and "is accepted". Active voice says who does what.',
        'Defined terms: "Agreement", "Supplier", "Customer" and "Business Day".',
      ].join('\n'),
    );
  });

  it('says so when there is nothing to find', () => {
    expect(explain('We sell shoes. They are cheap.')).toBe(
      [
        'Reading level: grade 0 on the Flesch-Kincaid scale (reading ease 100 of 100), very easy to read.',
        'Length: 2 sentences, 6 words, 3 words per sentence on average.',
        'Long sentences: none over 30 words.',
        'Passive voice: none found.',
        'Defined terms: none found.',
      ].join('\n'),
    );
    expect(explain('   ')).toBe('There is no text to explain.');
  });
});

describe('passiveConstructions', () => {
  it('finds regular and irregular participles with their verbs', () => {
    expect(passiveConstructions('The fee has been paid. The notice was not signed. Goods will be duly delivered.')).toEqual([
      'has been paid',
      'was not signed',
      'will be duly delivered',
    ]);
  });
});

describe('definedTerms', () => {
  it('finds quoted capitalised terms in brackets and "X means" definitions, not quotations', () => {
    expect(
      definedTerms(
        'Confidential Information means all information disclosed under the terms of use (together, the "Terms of Service"). ' +
          'The buyer said "Yes" to the offer.',
      ),
    ).toEqual(['Confidential Information', 'Terms of Service']);
  });
});
