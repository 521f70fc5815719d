import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES } from '@common/schemas/review';
import { longSentences, passiveVoice, readingLevel } from './sentences';
import { CLEAN_CONTRACT, docOf, seenWith } from './rule-test-support';

const style = DEFAULT_STYLE_RULES;

/** Sentence rules never offer a fix. */
const seen = seenWith((f) => expect(f.replacement).toBeUndefined());

// The clean control, its governing-law paragraph ending with "be" before adjectives, which is not the passive voice.
const CONTROL = CLEAN_CONTRACT.map((text, i) =>
  i === 8 ? `${text} The Supplier is fit to perform, and the Customer is entitled to rely on that.` : text,
);

describe('the clean control', () => {
  it('gives no finding for any sentence rule', () => {
    const doc = docOf(...CONTROL);
    expect(longSentences(doc, style)).toEqual([]);
    expect(passiveVoice(doc, style)).toEqual([]);
    expect(readingLevel(doc, style)).toEqual([]);
  });
});

const LONG =
  'The Supplier shall, in accordance with cl. 4.2 and No. 7 of Sch. 2, provide to the Customer all such information, records and assistance as the Customer may reasonably require from time to time for the purpose of verifying that the Supplier has complied with its obligations under this Agreement.';

describe('longSentences', () => {
  it('flags a sentence over the limit as one sentence, through references such as "cl. 4.2" and "No. 7"', () => {
    const doc = docOf(`Short first sentence. ${LONG} Short last sentence.`);
    const findings = longSentences(doc, style);
    expect(seen(doc, findings)).toEqual([{ paragraph: 0, offset: 22, quote: LONG }]);
    expect(findings[0]!.reason).toBe('This sentence has 51 words; house style is at most 40.');
  });

  it('honours the house limit', () => {
    const doc = docOf(LONG);
    expect(longSentences(doc, { ...style, maxSentenceWords: 51 })).toEqual([]);
    expect(longSentences(doc, { ...style, maxSentenceWords: 50 })).toHaveLength(1);
  });

  it('counts each line of a paragraph on its own', () => {
    const line = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen';
    expect(longSentences(docOf(`${line}\n${line}\n${line}`), { ...style, maxSentenceWords: 20 })).toEqual([]);
  });
});

describe('passiveVoice', () => {
  it('flags each "be" with its participle, an adverb between them included', () => {
    const doc = docOf(
      'The invoice was paid by the Customer. The Goods shall be promptly delivered to the Site.',
      'The notice is being sent today, and the Supplier is not bound by it. All sums were written off.',
    );
    const findings = passiveVoice(doc, style);
    expect(seen(doc, findings)).toEqual([
      { paragraph: 0, offset: 12, quote: 'was paid' },
      { paragraph: 0, offset: 54, quote: 'be promptly delivered' },
      { paragraph: 1, offset: 14, quote: 'being sent' },
      { paragraph: 1, offset: 49, quote: 'is not bound' },
      { paragraph: 1, offset: 78, quote: 'were written' },
    ]);
    expect(findings[0]!.reason).toBe('"was paid" is in the passive voice; say who does it.');
  });

  it('leaves "be" before adjectives and other words', () => {
    const doc = docOf('The Goods are fit for purpose. The Supplier is based in London. The fee is unpaid. It is a deal. It was indeed so. The Customer has paid. Fees are due.');
    expect(passiveVoice(doc, style)).toEqual([]);
  });
});

const DENSE =
  'Notwithstanding the generality of the foregoing indemnification obligations, the indemnifying party shall, subject to the limitations of liability established hereunder, compensate the indemnified party comprehensively for all consequential, incidental, and extraordinary liabilities attributable to the indemnified party. Administrative responsibilities accompanying the aforementioned undertakings necessitate contemporaneous documentation. Confidentiality considerations predominate.';

describe('readingLevel', () => {
  it('flags a paragraph above the house grade, quoting the paragraph', () => {
    const doc = docOf(`  ${DENSE} `);
    const findings = readingLevel(doc, style);
    expect(seen(doc, findings)).toEqual([{ paragraph: 0, offset: 2, quote: DENSE }]);
    expect(findings[0]!.reason).toMatch(/^Reading grade \d+(\.\d)? \(Flesch-Kincaid\) is above the house limit of 18: very difficult, beyond university level\.$/);
  });

  it('honours the house grade', () => {
    expect(readingLevel(docOf(DENSE), { ...style, maxReadingGrade: 30 })).toEqual([]);
  });

  it('leaves paragraphs of fewer than three sentences and sixty words', () => {
    const short = 'Notwithstanding the foregoing indemnification obligations, administrative responsibilities necessitate contemporaneous documentation. Confidentiality considerations predominate.';
    expect(readingLevel(docOf(short), style)).toEqual([]);
  });
});

describe('odd input', () => {
  it('never throws and points only at real text', () => {
    const odd = ['', '\n\n', '.'.repeat(20_000), 'is '.repeat(5_000) + 'paid', 'x'.repeat(50_000), `${'cl. 1 '.repeat(2_000)}.`, '\ud800 was \udfff paid'];
    const doc = docOf(...odd);
    for (const rule of [longSentences, passiveVoice, readingLevel]) {
      for (const f of rule(doc, style)) {
        expect(f.length).toBeGreaterThan(0);
        expect(f.offset + f.length).toBeLessThanOrEqual(odd[f.paragraph]!.length);
      }
    }
  });
});
