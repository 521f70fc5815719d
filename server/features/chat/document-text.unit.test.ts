import { describe, expect, it } from 'vitest';
import { seededFraction } from '../../../tests/support/docx/realistic';
import { DocumentText, locateSelection } from './document-text';

const paras = ['Title', 'Intro text here.', '', 'Clause one: the Tenant pays.', 'Clause two: the Landlord repairs.', 'Signatures'];
const locate = (paragraphs: readonly string[], selection: string) => locateSelection(new DocumentText(paragraphs.join('\n')), selection);

describe('locateSelection', () => {
  it('finds a selection inside one paragraph', () => {
    expect(locate(paras, 'the Tenant pays')).toEqual({ first: 3, last: 3 });
  });

  it('finds a selection across paragraphs, whatever whitespace the editor puts between them', () => {
    expect(locate(paras, 'Tenant pays.\r\n\tClause two')).toEqual({ first: 3, last: 4 });
    expect(locate(paras, 'pays. Clause  two')).toEqual({ first: 3, last: 4 });
    // Across the empty paragraph, and with a no-break space and a line separator for spaces.
    expect(locate(paras, 'here. Clause\u00a0one:\u2028the')).toEqual({ first: 1, last: 3 });
  });

  it('falls back to ignoring case, then to either end of a long selection', () => {
    expect(locate(paras, 'THE LANDLORD REPAIRS')).toEqual({ first: 4, last: 4 });
    // List numbers the editor shows but the extracted text lacks.
    expect(locate(paras, '1. Clause one: the Tenant pays. Clause two: the Landlord repairs.')).toEqual({ first: 3, last: 4 });
    expect(locate(paras, 'Clause one: the Tenant pays. Clause two: and more that the document does not say')).toEqual({ first: 3, last: 4 });
  });

  it('takes the first occurrence and gives up on text that is not there', () => {
    expect(locate(paras, 'Clause')).toEqual({ first: 3, last: 3 });
    expect(locate(paras, 'nowhere to be found')).toBeUndefined();
    expect(locate(paras, '   ')).toBeUndefined();
    expect(locate([], 'Clause')).toBeUndefined();
  });

  it('takes the first occurrence of repeated text even where its spacing differs from the selection', () => {
    const repeated = ['Rent is due.', 'Rent  is\tdue.', 'Rent is due.'];
    expect(locate(repeated, 'Rent is due.')).toEqual({ first: 0, last: 0 });
    expect(locate(['Rent  is due.', 'Rent is due.'], 'Rent is due.')).toEqual({ first: 0, last: 0 });
    expect(locate(['x', 'due. Rent', 'is due.'], 'due. Rent is')).toEqual({ first: 1, last: 2 });
  });

  it('finds selections at the very start and the very end, with the whitespace around them', () => {
    const doc = ['', '  \tFirst words here', 'middle', 'last words'];
    expect(locate(doc, 'First words')).toEqual({ first: 1, last: 1 });
    expect(locate(doc, '\n First words here\nmiddle\n')).toEqual({ first: 1, last: 2 });
    expect(locate(doc, 'last words')).toEqual({ first: 3, last: 3 });
    expect(locate(doc, 'words\n')).toEqual({ first: 1, last: 1 });
    expect(locate(['only'], 'only')).toEqual({ first: 0, last: 0 });
  });

  it('reads any script, and characters outside the Basic Multilingual Plane', () => {
    const doc = ['Vertrag über Lieferungen', 'Ἀρχὴ 契約 第一条 😀 emoji', 'Último parágrafo'];
    expect(locate(doc, '契約 第一条')).toEqual({ first: 1, last: 1 });
    expect(locate(doc, '😀 emoji Último')).toEqual({ first: 1, last: 2 });
    expect(locate(doc, 'VERTRAG ÜBER')).toEqual({ first: 0, last: 0 });
    expect(locate(doc, 'último PARÁGRAFO')).toEqual({ first: 2, last: 2 });
  });

  it('compares case exactly in a document where lower-casing changes lengths, as before', () => {
    // 'İ' lower-cases to two units: offsets would no longer line up, so case is not ignored there.
    const doc = ['İstanbul office', 'Payment terms apply'];
    expect(locate(doc, 'Payment terms')).toEqual({ first: 1, last: 1 });
    expect(locate(doc, 'PAYMENT TERMS')).toBeUndefined();
  });

  it('finds exactly what the per-character locator it replaced found, on generated documents', () => {
    const random = seededFraction(0x5eed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const words = ['rent', 'Rent', 'RENT', 'due', 'é', 'É', 'İ', 'σ', 'Σ', '😀', '契約', 'a', 'b', '1.', "it's", '\ud800'];
    const spaces = [' ', ' ', ' ', '  ', '\t', '\u00a0', '\u2028', '\r', '\u3000', '\ufeff'];
    let found = 0;
    for (let round = 0; round < 3000; round++) {
      const paragraphs = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
        Array.from({ length: Math.floor(random() * 6) }, () => (random() < 0.2 ? pick(spaces) : '') + pick(words) + (random() < 0.3 ? pick(spaces) : '')).join(pick(spaces)),
      );
      const text = paragraphs.join('\n');
      let selection: string;
      const kind = random();
      if (kind < 0.5 && text.length > 0) {
        // A slice of the text with its whitespace redone, as an editor might.
        const from = Math.floor(random() * text.length);
        const to = from + Math.floor(random() * (text.length - from + 1));
        selection = text.slice(from, to).replace(/\s+/g, () => pick(spaces));
      } else if (kind < 0.6) {
        selection = `${'x'.repeat(45)} ${text}`;
      } else {
        selection = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(words)).join(pick(spaces));
      }
      const expected = previousLocator(text ? text.split('\n') : [], selection);
      expect(locateSelection(new DocumentText(text), selection), JSON.stringify({ paragraphs, selection })).toEqual(expected);
      if (expected) found++;
    }
    // The generator must exercise both outcomes.
    expect(found).toBeGreaterThan(1000);
    expect(found).toBeLessThan(2900);
  });
});

describe('DocumentText', () => {
  it('knows a document with only whitespace has no text', () => {
    expect(new DocumentText(' \n\t\n\u00a0').hasText).toBe(false);
    expect(new DocumentText('').paragraphs).toEqual([]);
    expect(new DocumentText('\nx\n').paragraphs).toEqual(['', 'x', '']);
    expect(new DocumentText('\nx\n').hasText).toBe(true);
  });
});

/** The locator before docs/decisions/017-chat-turn-path.md, for comparison: a whitespace-collapsed copy built one character at a time, with the paragraph of every character. */
function previousLocator(paragraphs: readonly string[], selection: string): { first: number; last: number } | undefined {
  let hay = '';
  const paragraphAt: number[] = [];
  let lastWasSpace = true;
  paragraphs.forEach((p, index) => {
    for (const ch of `${p}\n`) {
      const space = /\s/.test(ch);
      if (space && lastWasSpace) continue;
      const out = space ? ' ' : ch;
      hay += out;
      for (let k = 0; k < out.length; k++) paragraphAt.push(index);
      lastWasSpace = space;
    }
  });
  const needle = selection.replace(/\s+/g, ' ').trim();
  if (!needle) return undefined;
  const span = (h: string, find: string) => {
    const at = h.indexOf(find);
    return at < 0 ? undefined : { first: paragraphAt[at]!, last: paragraphAt[at + find.length - 1]! };
  };
  const exact = span(hay, needle);
  if (exact) return exact;
  const lowerHay = hay.toLowerCase();
  if (lowerHay.length === hay.length) {
    const folded = span(lowerHay, needle.toLowerCase());
    if (folded) return folded;
  }
  if (needle.length <= 40) return undefined;
  const head = span(hay, needle.slice(0, 40));
  const tail = span(hay, needle.slice(-40));
  if (head && tail && tail.last >= head.first) return { first: head.first, last: tail.last };
  return head ?? tail;
}
