import { describe, expect, it } from 'vitest';
import { correctWord, getSpeller, spellerLoadMs } from './speller';

const mid = { sentenceStart: false };
const start = { sentenceStart: true };

describe('getSpeller', () => {
  it('builds the Hunspell checker once, on first use', () => {
    expect(spellerLoadMs()).toBe(0);
    const speller = getSpeller();
    expect(spellerLoadMs()).toBeGreaterThan(0);
    expect(getSpeller()).toBe(speller);
    expect(speller.correct('indemnify')).toBe(true);
  });
});

describe('correctWord', () => {
  it('fixes typos that are one keystroke from a single likely word', () => {
    expect(correctWord('teh', mid)).toBe('the');
    expect(correctWord('Teh', start)).toBe('The');
    expect(correctWord('recieve', mid)).toBe('receive');
    expect(correctWord('occured', mid)).toBe('occurred');
    expect(correctWord('goverment', mid)).toBe('government');
    expect(correctWord('liabilty', mid)).toBe('liability');
  });

  it('leaves a word alone when the fix is a guess', () => {
    expect(correctWord('wich', mid)).toBeUndefined(); // which or with
    expect(correctWord('persue', mid)).toBeUndefined(); // pursue or peruse
    expect(correctWord('tounge', mid)).toBeUndefined(); // Hunspell offers "lounge"
  });

  it('never respells names, acronyms or British spellings', () => {
    expect(correctWord('Teh', mid)).toBeUndefined(); // a capital mid-sentence: a name
    expect(correctWord('Smyth', start)).toBeUndefined(); // would become "Smith"
    expect(correctWord('NASA', mid)).toBeUndefined();
    expect(correctWord('GmbH', mid)).toBeUndefined();
    for (const british of ['colour', 'organisation', 'licence', 'judgement', 'travelled', 'centre', 'programme']) {
      expect(correctWord(british, mid)).toBeUndefined();
    }
  });
});
