import { schema } from '@eigenpal/docx-editor-core/prosemirror';
import { describe, expect, it, vi } from 'vitest';
import type { DocxEditorRef } from '@eigenpal/docx-editor-react';
import { EditorState, TextSelection } from 'prosemirror-state';
import { EmbeddedEditorAdapter } from './embedded-editor-adapter';

/** A stand-in for the editor's handle: the ProseMirror state the adapter reads, and `save`. */
function editorWith(state: { doc: object }, save: DocxEditorRef['save'] = async () => new ArrayBuffer(1)) {
  const view = { state };
  return { getEditorRef: () => ({ getView: () => view }), save } as unknown as DocxEditorRef;
}

function adapterOver(state: { doc: object }) {
  const adapter = new EmbeddedEditorAdapter();
  adapter.attach(editorWith(state));
  let announced = 0;
  adapter.onContentChange(() => announced++);
  return { adapter, announced: () => announced };
}

describe('EmbeddedEditorAdapter.flushChanges', () => {
  it('announces nothing when the document is the one the editor opened with', () => {
    const state = { doc: { text: 'opened' } };
    const { adapter, announced } = adapterOver(state);
    adapter.handleViewReady();
    adapter.flushChanges();
    expect(announced()).toBe(0);
  });

  it('announces an edit the editor has not announced yet', () => {
    const state = { doc: { text: 'opened' } };
    const { adapter, announced } = adapterOver(state);
    adapter.handleViewReady();
    state.doc = { text: 'edited' };
    adapter.flushChanges();
    expect(announced()).toBe(1);
    adapter.flushChanges();
    expect(announced()).toBe(1);
  });

  it('still announces an edit when the editor laid it out (and said ready again) before announcing it', () => {
    const state = { doc: { text: 'opened' } };
    const { adapter, announced } = adapterOver(state);
    adapter.handleViewReady();
    state.doc = { text: 'edited' };
    adapter.handleViewReady();
    adapter.flushChanges();
    expect(announced()).toBe(1);
  });

  it('takes the reopened document as unedited after the editor unmounts and mounts again', () => {
    const state = { doc: { text: 'opened' } };
    const { adapter, announced } = adapterOver(state);
    adapter.handleViewReady();
    adapter.detach();
    state.doc = { text: 'a new version' };
    adapter.attach(editorWith(state));
    adapter.handleViewReady();
    adapter.flushChanges();
    expect(announced()).toBe(0);
  });
});

describe('EmbeddedEditorAdapter.save', () => {
  /** An editor whose writes are recorded; `during` runs while a write is under way (the user typing). */
  function recordingEditor() {
    const state = { doc: { text: 'opened' } as object };
    const writes: Array<{ selective: boolean | undefined }> = [];
    let during = () => {};
    const save = async (options?: { selective?: boolean }) => {
      writes.push({ selective: options?.selective });
      await Promise.resolve();
      during();
      during = () => {};
      return new ArrayBuffer(1);
    };
    const adapter = new EmbeddedEditorAdapter();
    adapter.attach(editorWith(state, save as DocxEditorRef['save']));
    adapter.handleViewReady();
    return { adapter, writes, type: (text: string) => (state.doc = { text }), whileWriting: (f: () => void) => (during = f) };
  }

  it("uses the editor's selective write, which leaves untouched paragraphs as they were", async () => {
    const { adapter, writes, type } = recordingEditor();
    type('edited');
    await adapter.save();
    type('edited again');
    await adapter.save();
    expect(writes).toEqual([{ selective: true }, { selective: true }]);
  });

  it('repacks the whole document after a write during which the user typed (the editor dropped that edit\'s mark)', async () => {
    const { adapter, writes, type, whileWriting } = recordingEditor();
    type('edited');
    whileWriting(() => type('typed during the write'));
    await adapter.save();
    await adapter.save();
    await adapter.save();
    expect(writes).toEqual([{ selective: true }, { selective: false }, { selective: true }]);
  });

  it('repacks again when the user typed during the repack too', async () => {
    const { adapter, writes, type, whileWriting } = recordingEditor();
    whileWriting(() => type('one'));
    await adapter.save();
    whileWriting(() => type('two'));
    await adapter.save();
    await adapter.save();
    expect(writes).toEqual([{ selective: true }, { selective: false }, { selective: false }]);
  });
});

describe('EmbeddedEditorAdapter.setReadOnly', () => {
  it('refuses the assistant\'s edits while read-only and says so in the snapshot, then allows them again', () => {
    const dispatched: unknown[] = [];
    const state = { doc: { text: 'opened' }, selection: { empty: true, from: 1, to: 1 } };
    const view = { state, dispatch: (tr: unknown) => dispatched.push(tr) };
    const adapter = new EmbeddedEditorAdapter();
    adapter.attach({ getEditorRef: () => ({ getView: () => view }), getSelectionInfo: () => null } as unknown as DocxEditorRef);
    adapter.handleViewReady();
    let heard = 0;
    adapter.subscribe(() => heard++);

    adapter.setReadOnly(true);
    expect(adapter.getSnapshot().readOnly).toBe(true);
    expect(heard).toBe(1);
    expect(adapter.insertAtCaret('text')).toBe(false);
    expect(adapter.replaceSelection('text', { suggest: false })).toBe(false);
    expect(dispatched).toEqual([]);

    adapter.setReadOnly(false);
    expect(adapter.getSnapshot().readOnly).toBe(false);
    expect(heard).toBe(2);
  });
});

describe('EmbeddedEditorAdapter.selectPassage', () => {
  /** The editor over a real ProseMirror state; its highlightRange selects as the editor's does, or not at all. */
  function adapterOn(text: string, { highlights = true } = {}) {
    const doc = schema.node('doc', null, [schema.node('paragraph', { paraId: '0A0B0C0D' }, [schema.text(text)])]);
    const view = {
      state: EditorState.create({ schema, doc }),
      dispatch: (tr: Parameters<EditorState['apply']>[0]) => {
        view.state = view.state.apply(tr);
      },
    };
    const highlightRange = vi.fn((from: number, to: number) => {
      if (highlights) view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, from, to)));
    });
    const selectedText = () => view.state.doc.textBetween(view.state.selection.from, view.state.selection.to);
    const adapter = new EmbeddedEditorAdapter();
    adapter.attach({ getEditorRef: () => ({ getView: () => view }), highlightRange, getSelectionInfo: () => ({ selectedText: selectedText() }) } as unknown as DocxEditorRef);
    adapter.handleViewReady();
    return { adapter, view, highlightRange };
  }
  const RENT = 'The Tenant shall recieve the the keys.';

  it('selects the quoted passage through the editor, which scrolls to it, and says what it selected', () => {
    const { adapter, highlightRange } = adapterOn(RENT);
    expect(adapter.selectPassage({ paraId: '0A0B0C0D', offset: 17, quote: 'recieve' })).toBe('selected');
    expect(highlightRange).toHaveBeenCalledWith(18, 25);
    expect(adapter.getSnapshot().selectedText).toBe('recieve');
  });

  it('selects on the view itself when the editor did not', () => {
    const { adapter, view } = adapterOn(RENT, { highlights: false });
    expect(adapter.selectPassage({ paraId: '0A0B0C0D', offset: 17, quote: 'recieve' })).toBe('selected');
    expect([view.state.selection.from, view.state.selection.to]).toEqual([18, 25]);
  });

  it('applies two passages of one paragraph as tracked changes, the later first, each where it was quoted', () => {
    const { adapter, view } = adapterOn(RENT);
    // Backwards: the tracked deletion keeps the old text in the document, but not in the visible text the offsets count.
    for (const [offset, quote, replacement] of [
      [25, 'the the', 'the'],
      [17, 'recieve', 'receive'],
    ] as const) {
      expect(adapter.selectPassage({ paraId: '0A0B0C0D', offset, quote })).toBe('selected');
      expect(adapter.replaceSelection(replacement, { suggest: true, exact: true })).toBe(true);
    }
    const visible: string[] = [];
    view.state.doc.descendants((node) => {
      if (node.isText && !node.marks.some((m) => m.type.name === 'deletion')) visible.push(node.text ?? '');
    });
    expect(visible.join('')).toBe('The Tenant shall receive the keys.');
  });

  it('says changed when the quote is gone, and selects nothing', () => {
    const { adapter, highlightRange } = adapterOn('The Tenant shall receive the keys.');
    expect(adapter.selectPassage({ paraId: '0A0B0C0D', offset: 17, quote: 'recieve' })).toBe('changed');
    expect(highlightRange).not.toHaveBeenCalled();
  });
});
