import { schema } from '@eigenpal/docx-editor-core/prosemirror';
import { describe, expect, it, vi } from 'vitest';
import type { DocxEditorRef } from '@eigenpal/docx-editor-react';
import { EditorState, TextSelection } from 'prosemirror-state';
import type { Decoration } from 'prosemirror-view';
import { previewIn, changePreviewPlugin } from './change-preview';
import { EmbeddedEditorAdapter } from './embedded-editor-adapter';
import { findParagraph } from './passages';

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

describe('EmbeddedEditorAdapter.previewChange', () => {
  const boldRed = () => [schema.marks.bold!.create(), schema.marks.textColor!.create({ rgb: 'FF0000' })];
  const REASON = 'House style: "shall" → "must"';

  /**
   * The editor over a real ProseMirror state with the preview plugin, as the page mounts it. Its
   * addComment does what the editor's does: a comment mark over the whole paragraph, and the id.
   */
  function editorWithPreview({ comments = [] as Array<[number, number, number]> } = {}) {
    let doc = schema.node('doc', null, [
      schema.node('paragraph', { paraId: '0A0B0C0D' }, [schema.text('The Tenant '), schema.text('shall', boldRed()), schema.text(' pay the rent.')]),
      schema.node('paragraph', { paraId: '0A0B0C0E' }, [schema.text('Notices are in writing.')]),
    ]);
    for (const [from, to, commentId] of comments) {
      const state = EditorState.create({ schema, doc });
      doc = state.apply(state.tr.addMark(from, to, schema.marks.comment!.create({ commentId }))).doc;
    }
    const dispatched: Array<Parameters<EditorState['apply']>[0]> = [];
    const view = {
      state: EditorState.create({ schema, doc, plugins: [changePreviewPlugin()] }),
      dispatch: (tr: Parameters<EditorState['apply']>[0]) => {
        dispatched.push(tr);
        view.state = view.state.apply(tr);
      },
    };
    const addComment = vi.fn(({ paraId }: { paraId: string; text: string; author: string }) => {
      const paragraph = findParagraph(view.state.doc, paraId)!;
      view.dispatch(view.state.tr.addMark(paragraph.pos + 1, paragraph.pos + paragraph.node.nodeSize - 1, schema.marks.comment!.create({ commentId: 7 })));
      return 7;
    });
    const selectedText = () => view.state.doc.textBetween(view.state.selection.from, view.state.selection.to);
    const adapter = new EmbeddedEditorAdapter();
    adapter.attach({
      getEditorRef: () => ({ getView: () => view }),
      highlightRange: (from: number, to: number) => view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, from, to))),
      getSelectionInfo: () => ({ selectedText: selectedText() }),
      addComment,
    } as unknown as DocxEditorRef);
    adapter.handleViewReady();
    adapter.selectPassage({ paraId: '0A0B0C0D', offset: 11, quote: 'shall' });
    return { adapter, view, dispatched, addComment };
  }

  /** Each text node of the first paragraph: its text, and the names of its marks (a comment's with its id). */
  const runs = (state: EditorState) => {
    const out: Array<[string, string[]]> = [];
    state.doc.child(0).forEach((node) => out.push([node.text ?? '', node.marks.map((m) => (m.type.name === 'comment' ? `comment ${m.attrs.commentId}` : m.type.name)).sort()]));
    return out;
  };
  /** The decorations every plugin draws, as the editor's overlay collects them. */
  const decorations = (state: EditorState) => {
    const found: Decoration[] = [];
    for (const plugin of state.plugins) plugin.props.decorations?.call(plugin, state)?.forEachSet((set) => found.push(...set.find()));
    return found;
  };

  it('shows the change without touching the document; Accept makes the tracked change in the original formatting, with the reason as a comment on it alone', async () => {
    const { adapter, view, dispatched, addComment } = editorWithPreview();
    const before = view.state.doc;

    const outcome = adapter.previewChange({ kind: 'replace', text: 'must', suggest: true, exact: true, reason: REASON });

    expect(view.state.doc).toBe(before);
    expect(dispatched.every((tr) => !tr.docChanged)).toBe(true);
    expect(previewIn(view.state)).toEqual({ from: 12, to: 17, text: 'must' });
    expect(decorations(view.state).map((d) => [d.from, d.to])).toEqual([
      [12, 17],
      [17, 17],
    ]);
    expect(adapter.getSnapshot().preview).toEqual({ removed: 'shall', added: 'must', reason: REASON });

    adapter.acceptPreview();

    expect(await outcome).toBe('accepted');
    expect(runs(view.state)).toEqual([
      ['The Tenant ', []],
      ['shall', ['bold', 'comment 7', 'deletion', 'textColor']],
      ['must', ['bold', 'comment 7', 'insertion', 'textColor']],
      [' pay the rent.', []],
    ]);
    expect(addComment).toHaveBeenCalledWith({ paraId: '0A0B0C0D', text: REASON, author: 'AI Assistant' });
    expect(previewIn(view.state)).toBeNull();
    expect(decorations(view.state)).toEqual([]);
    expect(adapter.getSnapshot().preview).toBeNull();
  });

  it('Discard leaves the document exactly as it was: the same document, and no step to undo', async () => {
    const { adapter, view, dispatched, addComment } = editorWithPreview();
    const before = view.state.doc;

    const outcome = adapter.previewChange({ kind: 'replace', text: 'must', suggest: true, exact: true, reason: REASON });
    adapter.discardPreview();

    expect(await outcome).toBe('discarded');
    expect(view.state.doc).toBe(before);
    expect(dispatched.filter((tr) => tr.docChanged)).toEqual([]);
    expect(previewIn(view.state)).toBeNull();
    expect(decorations(view.state)).toEqual([]);
    expect(adapter.getSnapshot().preview).toBeNull();
    expect(addComment).not.toHaveBeenCalled();
  });

  it('follows edits made elsewhere while it waits, and Accept changes the previewed text where it is then', async () => {
    const { adapter, view } = editorWithPreview();
    const outcome = adapter.previewChange({ kind: 'replace', text: 'must', suggest: false });

    view.dispatch(view.state.tr.insertText('Now ', 1));
    adapter.acceptPreview();

    expect(await outcome).toBe('accepted');
    expect(view.state.doc.child(0).textContent).toBe('Now The Tenant must pay the rent.');
    expect(runs(view.state)[1]).toEqual(['must', ['bold', 'textColor']]);
  });

  it('previews an insertion at the caret; made untracked, it gets no comment', async () => {
    const { adapter, view, addComment } = editorWithPreview();
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 12)));

    const outcome = adapter.previewChange({ kind: 'insert', text: 'always ', suggest: false, reason: 'AI Assistant: answer from the chat' });
    expect(previewIn(view.state)).toEqual({ from: 12, to: 12, text: 'always ' });
    adapter.acceptPreview();

    expect(await outcome).toBe('accepted');
    expect(view.state.doc.child(0).textContent).toBe('The Tenant always shall pay the rent.');
    expect(addComment).not.toHaveBeenCalled();
  });

  /** Each text node of the document: its text, its marks' names (a comment's with its id), and its insertion mark's attributes. */
  const insertedRuns = (state: EditorState) => {
    const out: Array<{ text: string; marks: string[]; insertion?: Record<string, unknown> }> = [];
    state.doc.descendants((node) => {
      if (!node.isText) return true;
      const insertion = node.marks.find((m) => m.type.name === 'insertion');
      out.push({ text: node.text ?? '', marks: node.marks.map((m) => (m.type.name === 'comment' ? `comment ${m.attrs.commentId}` : m.type.name)).sort(), ...(insertion ? { insertion: insertion.attrs } : {}) });
      return false;
    });
    return out;
  };
  const ANSWER_REASON = 'AI Assistant: answer to "add a deadline"';

  it('with Suggest edits, makes an insertion at the caret a tracked insertion by the assistant in the formatting there, with the reason as a comment on it alone', async () => {
    const { adapter, view, addComment } = editorWithPreview();
    // After 'shall' (bold, red): the new text takes its formatting.
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 17)));

    const outcome = adapter.previewChange({ kind: 'insert', text: ' promptly', suggest: true, reason: ANSWER_REASON });
    expect(previewIn(view.state)).toEqual({ from: 17, to: 17, text: ' promptly' });
    adapter.acceptPreview();

    expect(await outcome).toBe('accepted');
    expect(view.state.doc.child(0).textContent).toBe('The Tenant shall promptly pay the rent.');
    expect(runs(view.state)).toEqual([
      ['The Tenant ', []],
      ['shall', ['bold', 'textColor']],
      [' promptly', ['bold', 'comment 7', 'insertion', 'textColor']],
      [' pay the rent.', []],
    ]);
    const insertion = insertedRuns(view.state).find((run) => run.insertion)!.insertion!;
    expect(insertion.author).toBe('AI Assistant');
    expect(insertion.revisionId).toBeGreaterThan(1_000_000);
    expect(Number.isNaN(Date.parse(String(insertion.date)))).toBe(false);
    expect(addComment).toHaveBeenCalledWith({ paraId: '0A0B0C0D', text: ANSWER_REASON, author: 'AI Assistant' });
    expect(view.state.selection.from).toBe(17 + ' promptly'.length);
    expect(adapter.getSnapshot().preview).toBeNull();
  });

  it('with Suggest edits, splits lines into paragraphs as an untracked insertion does, every run and new paragraph mark tracked, the comment over all of it', async () => {
    const { adapter, view, addComment } = editorWithPreview();
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 17)));

    const outcome = adapter.previewChange({ kind: 'insert', text: ' promptly.\n\nThe Tenant shall', suggest: true, reason: ANSWER_REASON });
    adapter.acceptPreview();

    expect(await outcome).toBe('accepted');
    expect(view.state.doc.childCount).toBe(3);
    expect(view.state.doc.child(0).textContent).toBe('The Tenant shall promptly.');
    expect(view.state.doc.child(1).textContent).toBe('The Tenant shall pay the rent.');
    expect(view.state.doc.child(1).attrs.paraId).toBeNull();
    const inserted = insertedRuns(view.state).filter((run) => run.insertion);
    expect(inserted.map(({ text, marks }) => [text, marks])).toEqual([
      [' promptly.', ['bold', 'comment 7', 'insertion', 'textColor']],
      ['The Tenant shall', ['bold', 'comment 7', 'insertion', 'textColor']],
    ]);
    const [first, second] = inserted.map((run) => run.insertion!);
    expect(second).toEqual(first);
    // The paragraph mark the split added ends the first paragraph; the original one now ends the second.
    expect(view.state.doc.child(0).attrs.pPrIns).toEqual({ revisionId: first!.revisionId, author: 'AI Assistant', date: first!.date });
    expect(view.state.doc.child(1).attrs.pPrIns ?? null).toBeNull();
    expect(insertedRuns(view.state).filter((run) => !run.insertion).every((run) => !run.marks.some((m) => m.startsWith('comment')))).toBe(true);
    expect(addComment).toHaveBeenCalledTimes(1);
  });

  it('without Suggest edits, an insertion at the caret is untracked and gets no comment, previewed or not', async () => {
    const { adapter, view, addComment } = editorWithPreview();
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 17)));

    const outcome = adapter.previewChange({ kind: 'insert', text: ' promptly', suggest: false, reason: ANSWER_REASON });
    adapter.acceptPreview();
    expect(await outcome).toBe('accepted');
    expect(adapter.insertAtCaret(' and in full\n\nThe rent is due monthly.')).toBe(true);

    expect(view.state.doc.child(0).textContent).toBe('The Tenant shall promptly and in full');
    expect(view.state.doc.child(1).textContent).toBe('The rent is due monthly. pay the rent.');
    expect(insertedRuns(view.state).every((run) => !run.insertion && !run.marks.some((m) => m.startsWith('comment')))).toBe(true);
    expect(view.state.doc.child(0).attrs.pPrIns ?? null).toBeNull();
    expect(addComment).not.toHaveBeenCalled();
  });

  it('a new preview discards the one waiting; nothing to change previews nothing', async () => {
    const { adapter, view } = editorWithPreview();
    const first = adapter.previewChange({ kind: 'replace', text: 'must', suggest: true });
    const second = adapter.previewChange({ kind: 'replace', text: 'will', suggest: true });

    expect(await first).toBe('discarded');
    expect(previewIn(view.state)?.text).toBe('will');
    adapter.discardPreview();
    expect(await second).toBe('discarded');

    expect(await adapter.previewChange({ kind: 'replace', text: '  ', suggest: false })).toBe('failed');
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 3)));
    expect(await adapter.previewChange({ kind: 'replace', text: 'must', suggest: false })).toBe('failed');
    expect(previewIn(view.state)).toBeNull();
  });

  it("leaves another comment's anchor as it was, and writes no reason over text that already has a comment", async () => {
    // A comment (id 3) on 'Tenant', in the same paragraph as the change.
    const { adapter, view, addComment } = editorWithPreview({ comments: [[5, 11, 3]] });
    const outcome = adapter.previewChange({ kind: 'replace', text: 'must', suggest: true, reason: REASON });
    adapter.acceptPreview();
    expect(await outcome).toBe('accepted');
    expect(runs(view.state).map(([text, marks]) => [text, marks.filter((m) => m.startsWith('comment'))])).toEqual([
      ['The ', []],
      ['Tenant', ['comment 3']],
      [' ', []],
      ['shall', ['comment 7']],
      ['must', ['comment 7']],
      [' pay the rent.', []],
    ]);

    // The same change over the commented word: the comment keeps its text, and no reason is added.
    const other = editorWithPreview({ comments: [[12, 17, 3]] });
    const made = other.adapter.previewChange({ kind: 'replace', text: 'must', suggest: true, reason: REASON });
    other.adapter.acceptPreview();
    expect(await made).toBe('accepted');
    expect(other.addComment).not.toHaveBeenCalled();
    expect(addComment).toHaveBeenCalledTimes(1);
  });
});
