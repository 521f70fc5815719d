import { describe, expect, it } from 'vitest';
import { fixSpacing, proofread } from './proofread';

describe('proofread', () => {
  it('fixes a typo, a doubled word and an article in one sentence', () => {
    expect(proofread('Teh contract is is signed by a employee.')).toBe('The contract is signed by an employee.');
  });

  it('keeps the whitespace and line breaks around and inside the selection', () => {
    const selection =
      '  the Supplier shall deliver teh goods , and an user must recieve them  within 30 days.\n' +
      'Payment is due by 1 March 2025; see https://example.com/teh-terms or email billing@acme.co.uk .\n';
    expect(proofread(selection)).toBe(
      '  The Supplier shall deliver the goods, and a user must receive them within 30 days.\n' +
        'Payment is due by 1 March 2025; see https://example.com/teh-terms or email billing@acme.co.uk.\n',
    );
  });

  it('fixes common misspellings and capitals at the start of each sentence', () => {
    expect(proofread("Thsi agreement is made on 1 May. It's definately binding on the Licensee, teh Licensor and thier successors.")).toBe(
      "This agreement is made on 1 May. It's definitely binding on the Licensee, the Licensor and their successors.",
    );
    expect(proofread("the parties agree. this is final! is it? yes, i think so, and i'm sure (i) applies.")).toBe(
      "The parties agree. This is final! Is it? Yes, I think so, and I'm sure (i) applies.",
    );
  });

  it('leaves names, acronyms, numbers, links and British spelling alone', () => {
    const untouched = [
      "The GDPR applies to Smyth and the iPhone app; NASA's 3rd-party API v2 is fine.",
      "The colour of the organisation's licence is grey, whilst the centre's programme was cancelled.",
      'Force majeure, bona fide, pro rata and mutatis mutandis clauses bind the payor and the indemnitee.',
      'Goods, e.g. the widgets, are sold in the U.S. by Acme Ltd. and delivered at 10 a.m. daily.',
    ];
    for (const text of untouched) expect(proofread(text)).toBe(text);
  });

  it('leaves a typo alone when the fix is not certain', () => {
    // "wich" is one keystroke from both "which" and "with": guessing could change the meaning.
    expect(proofread('Send it wich way you like.')).toBe('Send it wich way you like.');
  });

  it('keeps the case of the first word of a fragment, which may start mid-sentence', () => {
    expect(proofread('signed by teh employee')).toBe('signed by the employee');
  });

  it('knows "an hour", "a one-off" and "a URL"', () => {
    expect(proofread('Allow a hour for a one-off review of an URL.')).toBe('Allow an hour for a one-off review of a URL.');
  });
});

describe('fixSpacing', () => {
  it('collapses runs of spaces and removes spaces before punctuation, but not indentation or tabs', () => {
    expect(fixSpacing('Fees  are due ( see below ) .\n    Indented\tcolumn ; next')).toBe('Fees are due (see below).\n    Indented\tcolumn; next');
  });
});
