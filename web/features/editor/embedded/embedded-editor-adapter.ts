/**
 * EditorAdapter over the embedded DocxEditor (@eigenpal/docx-editor-react, see docs/editor.md).
 * The component that mounts the editor feeds it the ref and the editor's callbacks; everything
 * else talks to it only through the EditorAdapter interface.
 */
import type { DocxEditorRef } from '@eigenpal/docx-editor-react';
import { TextSelection } from 'prosemirror-state';
import type { EditorAdapter, EditorSnapshot, Passage, PassageLookup, ReplaceOptions } from '../editor-adapter';
import { locatePassage } from './passages';
import { insertAt, replaceRange, suggestReplacement } from './text-transactions';

export class EmbeddedEditorAdapter implements EditorAdapter {
  private ref: DocxEditorRef | null = null;
  private snapshot: EditorSnapshot = { ready: false, pluginReady: false, selectedText: '', readOnly: false };
  private readonly listeners = new Set<() => void>();
  private readonly selectionListeners = new Set<(selectedText: string) => void>();
  private readonly contentListeners = new Set<() => void>();
  private readonly saveListeners = new Set<() => void>();
  /** The document (an immutable ProseMirror node) as of the last change reported to the listeners. */
  private reportedDoc: unknown = null;
  /** The document changed while the last save was being written: the next one must be a full repack (see `save`). */
  private repackNext = false;

  getSnapshot = (): EditorSnapshot => this.snapshot;

  subscribe = (listener: () => void) => subscribeTo(this.listeners, listener);
  onSelectionChange = (listener: (selectedText: string) => void) => subscribeTo(this.selectionListeners, listener);
  onContentChange = (listener: () => void) => subscribeTo(this.contentListeners, listener);
  onSaveRequest = (listener: () => void) => subscribeTo(this.saveListeners, listener);

  /**
   * Called by the mounting component with the editor's ref. The editor renews its handle now and
   * then (null, then the new one), so a null here is not an unmount: `detach` is.
   */
  attach(ref: DocxEditorRef | null) {
    this.ref = ref;
  }

  /** The editor unmounted. */
  detach() {
    this.ref = null;
    this.update({ ready: false, pluginReady: false, selectedText: '' });
  }

  /**
   * `onEditorViewReady`: the document is laid out and editable. There are no plugins to wait for.
   * The editor calls it again after every layout; only the first call's document is the unedited
   * one, and taking a later one would hide an edit laid out before its change was announced from
   * `flushChanges`.
   */
  handleViewReady = () => {
    if (this.snapshot.ready) return;
    this.update({ ready: true, pluginReady: true });
    this.reportedDoc = this.view()?.state.doc ?? null;
  };

  handleSelectionChange = () => {
    const selectedText = this.readSelection();
    // The editor reports every caret move; listeners care about the text.
    if (selectedText === this.snapshot.selectedText) return;
    this.update({ selectedText });
    for (const listener of this.selectionListeners) listener(selectedText);
  };

  handleContentChange = () => {
    this.reportedDoc = this.view()?.state.doc ?? null;
    for (const listener of this.contentListeners) listener();
  };

  /**
   * The editor announces a change only after laying the document out again, which on a long
   * document comes well after the keystroke; its ProseMirror state has the edit at once.
   */
  flushChanges = () => {
    const doc = this.view()?.state.doc;
    if (doc && doc !== this.reportedDoc) this.handleContentChange();
  };

  /**
   * The editor's `onSave`. It fires after every serialisation, ours included; listeners ask for a
   * save, which does nothing when nothing is unsaved, so our own saves do not loop.
   */
  handleSaveRequest = () => {
    for (const listener of this.saveListeners) listener();
  };

  checkSelection = () => {
    this.handleSelectionChange();
    return this.snapshot.selectedText;
  };

  setReadOnly = (readOnly: boolean) => {
    if (readOnly !== Boolean(this.snapshot.readOnly)) this.update({ readOnly });
  };

  replaceSelection = (text: string, { suggest, exact = false }: ReplaceOptions) => {
    const view = this.writableView();
    if (!view || view.state.selection.empty) return false;
    const { from, to } = view.state.selection;
    const tr = suggest ? suggestReplacement(view.state, from, to, text, { exact }) : replaceRange(view.state, from, to, text, { exact });
    return this.apply(tr);
  };

  /**
   * Selecting is allowed while edits are refused: it changes nothing. The editor's highlightRange
   * selects and scrolls the page to it; should it not take (no layout yet), the selection is set
   * on the view directly, which replaceSelection reads all the same.
   */
  selectPassage = (passage: Passage): PassageLookup => {
    const view = this.view();
    if (!view) return 'missing';
    const range = locatePassage(view.state.doc, passage);
    if (typeof range === 'string') return range;
    this.ref?.highlightRange(range.from, range.to);
    const now = this.view();
    if (now && (now.state.selection.from !== range.from || now.state.selection.to !== range.to)) {
      now.dispatch(now.state.tr.setSelection(TextSelection.create(now.state.doc, range.from, range.to)).scrollIntoView());
    }
    this.handleSelectionChange();
    return 'selected';
  };

  insertAtCaret = (text: string) => {
    const view = this.writableView();
    if (!view) return false;
    return this.apply(insertAt(view.state, view.state.selection.to, text));
  };

  save = async () => {
    // The editor's default save is selective: it rewrites only the paragraphs it marked as
    // changed into its last saved file, which leaves every other paragraph as it was (a full
    // repack re-serialises them all, and some come back altered: NumberingWOverrides.docx's
    // plain runs turned bold in bench:fidelity). But it clears the marks when its asynchronous
    // write ends, so the marks of edits typed during the write are lost with it, and a selective
    // save after that would write the file without them. So a write during which the document
    // changed is followed by a full repack, which takes every paragraph as it is now.
    const doc = this.view()?.state.doc;
    const bytes = await this.ref?.save({ selective: !this.repackNext });
    if (!bytes) throw new Error('The editor could not write the document.');
    this.repackNext = this.view()?.state.doc !== doc;
    return bytes;
  };

  private view() {
    if (!this.snapshot.ready) return null;
    return this.ref?.getEditorRef()?.getView() ?? null;
  }

  /** The view, unless edits are refused for now (`setReadOnly`). */
  private writableView() {
    return this.snapshot.readOnly ? null : this.view();
  }

  private apply(tr: ReturnType<typeof insertAt>) {
    const view = this.writableView();
    if (!view || !tr) return false;
    view.dispatch(tr);
    this.handleSelectionChange();
    return true;
  }

  private readSelection() {
    return this.ref?.getSelectionInfo()?.selectedText ?? '';
  }

  private update(patch: Partial<EditorSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

function subscribeTo<T>(set: Set<T>, listener: T) {
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}
