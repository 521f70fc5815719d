import { describe, expect, it } from 'vitest';
import { PLAIN_WORDS } from './plain-words';
import { runCheck } from './retext-checks';
import { simplify, usePlainWords } from './simplify';
import { splitLongSentences } from './split-sentences';

describe('simplify', () => {
  it('turns a legal sentence into plain words and two sentences', () => {
    const clause =
      'In order to utilize the Software, the Licensee shall obtain a licence key prior to the commencement of the Initial Term, ' +
      'and the Licensor shall transmit the key to the Licensee in a timely manner pursuant to clause 4, provided that the fees have been paid in full.';
    expect(simplify(clause)).toBe(
      'To use the Software, the Licensee shall get a licence key before the commencement of the Initial Term. ' +
        'The Licensor shall send the key to the Licensee on time under clause 4, if the fees have been paid in full.',
    );
  });

  it('keeps case, handles inflected forms and fixes the article the new word needs', () => {
    expect(usePlainWords('We will commence work on Monday. Utilizing numerous tools, the team terminated the project. UTILIZE IT.')).toBe(
      'We will start work on Monday. Using many tools, the team ended the project. USE IT.',
    );
    expect(usePlainWords('They reached an equitable outcome.')).toBe('They reached a fair outcome.');
  });

  it("leaves defined terms and terms of art alone", () => {
    const text = 'The Commencement Date and the Initial Term are deemed to be as set out herein, whereas the warranty is null and void.';
    expect(simplify(text)).toBe(text);
  });

  it('keeps the whitespace around the selection', () => {
    expect(simplify('\n  Please ensure that each and every invoice is paid.  ')).toBe('\n  Please make sure that each invoice is paid.  ');
  });
});

describe('splitLongSentences', () => {
  it('splits at "; but" and keeps the conjunction', () => {
    const text =
      'The Customer may use the reports for its internal business purposes and may share them with its professional advisers; ' +
      'but it shall not publish them or disclose them to any competitor of the Supplier without prior written consent.';
    expect(splitLongSentences(text)).toBe(
      'The Customer may use the reports for its internal business purposes and may share them with its professional advisers. ' +
        'But it shall not publish them or disclose them to any competitor of the Supplier without prior written consent.',
    );
  });

  it('does not split a list or enumerated conditions', () => {
    const list =
      'The welcome pack that every new member of staff receives on the first morning contains a building pass, a laptop, ' +
      'a phone, a copy of the staff handbook, and a voucher for lunch in the canteen on the first day.';
    const enumerated =
      'The Supplier may terminate this Agreement if (a) the Customer fails to pay any invoice within sixty days of its due date; ' +
      'and (b) the failure continues for ten days after the Supplier has given the Customer written notice of it.';
    expect(splitLongSentences(list)).toBe(list);
    expect(splitLongSentences(enumerated)).toBe(enumerated);
  });
});

describe('the plain-word list', () => {
  it("replaces each phrase only with one of retext-simplify's own suggestions", () => {
    for (const [phrase, plain] of Object.entries(PLAIN_WORDS)) {
      const finding = runCheck('simpler', phrase).find((f) => f.start === 0 && f.end === phrase.length);
      expect(finding?.expected, phrase).toContain(plain);
    }
  });
});
