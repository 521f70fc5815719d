import { schema } from '@eigenpal/docx-editor-core/prosemirror';
import type { Node as PmNode } from 'prosemirror-model';
import { EditorState, TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { SUGGESTION_AUTHOR, insertAt, replaceRange, suggestReplacement } from './text-transactions';

// The editor's own schema, so the marks are the ones it exports as run properties.
const boldRed = () => [schema.marks.bold!.create(), schema.marks.textColor!.create({ rgb: 'FF0000' })];
const RUN = 'The Supplier shall recieve payment.';

function contract() {
  const doc = schema.node('doc', null, [
    schema.node('paragraph', { paraId: '1A2B3C4D' }, [schema.text('Payment. '), schema.text(RUN, boldRed()), schema.text(' No other terms apply.')]),
  ]);
  return EditorState.create({ schema, doc });
}

/** Positions of `word` inside the first paragraph. */
function find(state: EditorState, word: string) {
  const from = 1 + state.doc.child(0).textContent.indexOf(word);
  return { from, to: from + word.length };
}

const markNames = (node: PmNode) => node.marks.map((m) => m.type.name).sort();
const textNodes = (node: PmNode) => {
  const found: PmNode[] = [];
  node.descendants((n) => {
    if (n.isText) found.push(n);
  });
  return found;
};

describe('replaceRange', () => {
  it('gives the new text the marks of the text it replaces', () => {
    const state = contract();
    const { from, to } = find(state, 'recieve');
    const next = state.apply(replaceRange(state, from, to, 'receive')!);
    expect(next.doc.child(0).textContent).toBe('Payment. The Supplier shall receive payment. No other terms apply.');
    const run = textNodes(next.doc).find((n) => n.text?.includes('receive'))!;
    expect(run.text).toBe('The Supplier shall receive payment.');
    expect(markNames(run)).toEqual(['bold', 'textColor']);
    expect(next.selection.empty).toBe(true);
    expect(next.selection.from).toBe(from + 'receive'.length);
  });

  it('turns further lines into new paragraphs with no Word ids of their own', () => {
    const state = contract();
    const { from, to } = find(state, 'recieve');
    const next = state.apply(replaceRange(state, from, to, 'receive\n\nin full')!);
    expect(next.doc.childCount).toBe(2);
    expect(next.doc.child(0).attrs.paraId).toBe('1A2B3C4D');
    expect(next.doc.child(1).attrs.paraId).toBeNull();
    expect(next.doc.child(1).textContent).toBe('in full payment. No other terms apply.');
    expect(markNames(next.doc.child(1).firstChild!)).toEqual(['bold', 'textColor']);
  });

  it('does nothing for blank text (docs/product.md §5)', () => {
    const state = contract();
    expect(replaceRange(state, 1, 5, '  \n ')).toBeNull();
    expect(insertAt(state, 1, '')).toBeNull();
  });
});

describe('insertAt', () => {
  it('takes the marks at the caret', () => {
    const state = contract();
    const { to } = find(state, 'shall');
    const withCaret = state.apply(state.tr.setSelection(TextSelection.create(state.doc, to)));
    const next = withCaret.apply(insertAt(withCaret, to, ' promptly')!);
    expect(next.doc.child(0).textContent).toContain('shall promptly recieve');
    expect(markNames(textNodes(next.doc).find((n) => n.text?.includes('promptly'))!)).toEqual(['bold', 'textColor']);
  });
});

describe('suggestReplacement', () => {
  it('marks the old text deleted and the new text inserted, both by the assistant and in the old formatting', () => {
    const state = contract();
    const { from, to } = find(state, 'recieve');
    const next = state.apply(suggestReplacement(state, from, to, 'receive', { now: new Date('2025-01-02T03:04:05Z') })!);
    const nodes = textNodes(next.doc);
    const deleted = nodes.find((n) => n.text === 'recieve')!;
    const inserted = nodes.find((n) => n.text === 'receive')!;
    expect(markNames(deleted)).toEqual(['bold', 'deletion', 'textColor']);
    expect(markNames(inserted)).toEqual(['bold', 'insertion', 'textColor']);
    const del = deleted.marks.find((m) => m.type.name === 'deletion')!.attrs;
    const ins = inserted.marks.find((m) => m.type.name === 'insertion')!.attrs;
    expect(del).toMatchObject({ author: SUGGESTION_AUTHOR, date: '2025-01-02T03:04:05.000Z' });
    expect(ins).toMatchObject({ author: SUGGESTION_AUTHOR, date: '2025-01-02T03:04:05.000Z' });
    expect(del.revisionId).not.toBe(ins.revisionId);
    expect(next.doc.child(0).textContent).toBe('Payment. The Supplier shall recievereceive payment. No other terms apply.');
    expect(next.selection.empty).toBe(true);
    expect(next.selection.from).toBe(to + 'receive'.length);
  });

  it('needs a range and some text', () => {
    const state = contract();
    expect(suggestReplacement(state, 5, 5, 'x')).toBeNull();
    expect(suggestReplacement(state, 1, 5, ' ')).toBeNull();
  });
});

describe('exact text (a review finding applied)', () => {
  it('replaces a passage with white space or with nothing, in place', () => {
    const doc = schema.node('doc', null, [schema.node('paragraph', { paraId: 'AB' }, [schema.text('Pay  the the rent.', boldRed())])]);
    const state = EditorState.create({ schema, doc });
    // The double space is 3..5 of the text, 4..6 in the document.
    expect(replaceRange(state, 4, 6, ' ')).toBeNull();
    const spaced = state.apply(replaceRange(state, 4, 6, ' ', { exact: true })!);
    expect(spaced.doc.textContent).toBe('Pay the the rent.');
    expect(markNames(spaced.doc.child(0).firstChild!)).toEqual(['bold', 'textColor']);
    const once = spaced.apply(replaceRange(spaced, 8, 12, '', { exact: true })!);
    expect(once.doc.textContent).toBe('Pay the rent.');
  });

  it('as a tracked change: an empty replacement is a deletion alone', () => {
    const doc = schema.node('doc', null, [schema.node('paragraph', { paraId: 'AB' }, [schema.text('Pay the the rent.')])]);
    const state = EditorState.create({ schema, doc });
    // 'the ' is 4..8 of the text, 5..9 in the document.
    expect(suggestReplacement(state, 5, 9, '')).toBeNull();
    const next = state.apply(suggestReplacement(state, 5, 9, '', { exact: true })!);
    expect(next.doc.textContent).toBe('Pay the the rent.');
    const marked = textNodes(next.doc).map((n) => [n.text, markNames(n)]);
    expect(marked).toEqual([
      ['Pay ', []],
      ['the ', ['deletion']],
      ['the rent.', []],
    ]);
  });
});
