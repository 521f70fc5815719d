import { schema } from '@eigenpal/docx-editor-core/prosemirror';
import { describe, expect, it } from 'vitest';
import { locatePassage, visibleText } from './passages';

const deleted = () => schema.marks.deletion!.create({ revisionId: 1, author: 'Ben', date: '2025-01-01T00:00:00Z' });
const bold = () => schema.marks.bold!.create();

/** A contract: an untouched paragraph, then one with a tab, a tracked deletion, a line break and a field. */
function contract() {
  return schema.node('doc', null, [
    schema.node('paragraph', { paraId: '0000AAAA' }, [schema.text('Definitions.')]),
    schema.node('paragraph', { paraId: '1A2B3C4D' }, [
      schema.text('1.'),
      schema.node('tab'),
      schema.text('The Supplier '),
      schema.text('will ', [deleted()]),
      schema.text('shall recieve', [bold()]),
      schema.node('hardBreak'),
      schema.text('payment on page '),
      schema.node('field', { fieldType: 'PAGE', instruction: 'PAGE', displayText: '3' }),
      schema.text('.'),
    ]),
  ]);
}

const SERVER_TEXT = '1.\tThe Supplier shall recieve\npayment on page 3.';
const textAt = (doc: ReturnType<typeof contract>, range: ReturnType<typeof locatePassage>) =>
  typeof range === 'string' ? range : doc.textBetween(range.from, range.to, '', (leaf) => (leaf.type.name === 'tab' ? '\t' : leaf.type.name === 'hardBreak' ? '\n' : String(leaf.attrs.displayText ?? '')));

describe('visibleText', () => {
  it('reads a paragraph as the server does: tabs, breaks and field results in, deleted text out', () => {
    const doc = contract();
    let pos = 0;
    doc.forEach((node, offset, index) => {
      if (index === 1) pos = offset;
    });
    expect(visibleText(doc.child(1), pos).text).toBe(SERVER_TEXT);
  });
});

describe('locatePassage', () => {
  it('selects the quote at its offset, across runs of different formatting', () => {
    const doc = contract();
    const offset = SERVER_TEXT.indexOf('Supplier shall recieve');
    const range = locatePassage(doc, { paraId: '1A2B3C4D', offset, quote: 'Supplier shall recieve' });
    // The deleted 'will ' lies inside the range: it is part of the document, not of the visible text.
    expect(textAt(doc, range)).toBe('Supplier will shall recieve');
  });

  it('finds the paragraph whatever the case of its id', () => {
    const doc = contract();
    expect(textAt(doc, locatePassage(doc, { paraId: '1a2b3c4d', offset: 0, quote: '1.\tThe' }))).toBe('1.\tThe');
  });

  it('takes a field and a break whole when the quote covers them', () => {
    const doc = contract();
    const offset = SERVER_TEXT.indexOf('recieve\npayment on page 3');
    expect(textAt(doc, locatePassage(doc, { paraId: '1A2B3C4D', offset, quote: 'recieve\npayment on page 3' }))).toBe('recieve\npayment on page 3');
  });

  it('looks for the quote in the paragraph when the text at its offset changed, nearest first', () => {
    // Reviewed as 'the the cat sat on the the mat', the second 'the the' at 19; then 'A ' was typed at the start.
    const doc = schema.node('doc', null, [schema.node('paragraph', { paraId: 'AB' }, [schema.text('A the the cat sat on the the mat')])]);
    const range = locatePassage(doc, { paraId: 'AB', offset: 19, quote: 'the the' });
    expect(range).toEqual({ from: 1 + 21, to: 1 + 28 });
  });

  it('says changed when the quote is no longer in the paragraph, missing when the paragraph is not there', () => {
    const doc = contract();
    expect(locatePassage(doc, { paraId: '1A2B3C4D', offset: 3, quote: 'Purchaser' })).toBe('changed');
    expect(locatePassage(doc, { paraId: 'FFFFFFFF', offset: 0, quote: 'Definitions' })).toBe('missing');
    expect(locatePassage(doc, { paraId: null, offset: 0, quote: 'Definitions' })).toBe('missing');
  });
});
