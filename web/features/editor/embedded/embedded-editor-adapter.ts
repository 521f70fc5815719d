/**
 * EditorAdapter over the embedded DocxEditor (@eigenpal/docx-editor-react, see docs/editor.md).
 * The component that mounts the editor feeds it the ref and the editor's callbacks; everything
 * else talks to it only through the EditorAdapter interface.
 */
import type { DocxEditorRef } from '@eigenpal/docx-editor-react';
import { TextSelection } from 'prosemirror-state';
import type { EditorState, Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import type { EditorAdapter, EditorSnapshot, Passage, PassageLookup, PreviewOutcome, ProposedChange, ReplaceOptions } from '../editor-adapter';
import { commentParagraphId, hasComment, moveComment } from './assistant-comment';
import { previewIn, withPreview } from './change-preview';
import { locatePassage } from './passages';
import { SUGGESTION_AUTHOR, insertAt, replaceRange, suggestInsertion, suggestReplacement } from './text-transactions';

export class EmbeddedEditorAdapter implements EditorAdapter {
  private ref: DocxEditorRef | null = null;
  private snapshot: EditorSnapshot = { ready: false, pluginReady: false, selectedText: '', readOnly: false, preview: null };
  private readonly listeners = new Set<() => void>();
  private readonly selectionListeners = new Set<(selectedText: string) => void>();
  private readonly contentListeners = new Set<() => void>();
  private readonly saveListeners = new Set<() => void>();
  /** The document (an immutable ProseMirror node) as of the last change reported to the listeners. */
  private reportedDoc: unknown = null;
  /** The document changed while the last save was being written: the next one must be a full repack (see `save`). */
  private repackNext = false;
  /** The change previewed (`previewChange`) and the person's answer to it, still to come. */
  private pending: { change: ProposedChange; resolve: (outcome: PreviewOutcome) => void } | null = null;

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
    // Its view is going with it: the preview goes too, nothing to clear.
    this.ref = null;
    this.finishPreview('discarded');
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

  /** A change waiting for Accept is discarded when edits are refused: it could not be made. */
  setReadOnly = (readOnly: boolean) => {
    if (readOnly) this.discardPreview();
    if (readOnly !== Boolean(this.snapshot.readOnly)) this.update({ readOnly });
  };

  replaceSelection = (text: string, options: ReplaceOptions) => {
    const view = this.writableView();
    if (!view || view.state.selection.empty) return false;
    const { from, to } = view.state.selection;
    return this.make(view, from, to, { ...options, kind: 'replace', text });
  };

  /**
   * The preview is drawn by the change-preview plugin (change-preview.ts) the editor mounts with;
   * it follows the document if the person edits elsewhere meanwhile, and Accept makes the change
   * wherever the previewed text is then.
   */
  previewChange = (change: ProposedChange): Promise<PreviewOutcome> => {
    const view = this.writableView();
    if (!view) return Promise.resolve('failed');
    const { from, to, empty } = view.state.selection;
    const range = change.kind === 'insert' ? { from: to, to } : { from, to };
    if ((change.kind === 'replace' && empty) || !changeTransaction(view.state, range.from, range.to, change)) return Promise.resolve('failed');
    this.discardPreview();
    view.dispatch(withPreview(view.state.tr, { ...range, text: change.text }));
    const removed = view.state.doc.textBetween(range.from, range.to, '\n');
    return new Promise((resolve) => {
      this.pending = { change, resolve };
      this.update({ preview: { removed, added: change.text, ...(change.reason ? { reason: change.reason } : {}) } });
    });
  };

  /** Makes the previewed change where its text is now; 'failed' when it can no longer be made there. */
  acceptPreview = () => {
    if (!this.pending) return;
    const view = this.writableView();
    const range = view && previewIn(view.state);
    const made = Boolean(view && range && this.make(view, range.from, range.to, this.pending.change));
    this.finishPreview(made ? 'accepted' : 'failed');
  };

  discardPreview = () => {
    if (this.pending) this.finishPreview('discarded');
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
    const at = view.state.selection.to;
    return this.make(view, at, at, { kind: 'insert', text, suggest: false });
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

  /**
   * Makes `change` over from..to (a caret for an insertion), ending any preview in the same
   * transaction; with a reason, a tracked change gets its comment. False when nothing changed.
   */
  private make(view: EditorView, from: number, to: number, change: ProposedChange) {
    const tr = changeTransaction(view.state, from, to, change);
    if (!tr) return false;
    view.dispatch(previewIn(view.state) ? withPreview(tr, null) : tr);
    // The change ends where the caret is put, after its new text.
    if (change.suggest && change.reason) this.comment(view, from, view.state.selection.to, change.reason);
    this.handleSelectionChange();
    return true;
  }

  /** Anchors a comment by the assistant saying `text` on from..to (see assistant-comment.ts). */
  private comment(view: EditorView, from: number, to: number, text: string) {
    const before = view.state.doc;
    const paraId = commentParagraphId(before, from);
    if (!paraId || hasComment(view.state, from, to)) return;
    const id = this.ref?.addComment({ paraId, text, author: SUGGESTION_AUTHOR }) ?? null;
    if (id === null) return;
    const moved = moveComment(view.state, before, id, from, to);
    if (moved) view.dispatch(moved);
  }

  /** Clears the preview, if it is still drawn, and gives the person's answer to whoever asked. */
  private finishPreview(outcome: PreviewOutcome) {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    const view = this.view();
    if (view && previewIn(view.state)) view.dispatch(withPreview(view.state.tr, null));
    this.update({ preview: null });
    pending.resolve(outcome);
  }

  private readSelection() {
    return this.ref?.getSelectionInfo()?.selectedText ?? '';
  }

  private update(patch: Partial<EditorSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The transaction that makes `change` over from..to; null when it would change nothing (blank text, no range). */
function changeTransaction(state: EditorState, from: number, to: number, change: ProposedChange): Transaction | null {
  const { text, exact = false } = change;
  if (change.kind === 'insert') return change.suggest ? suggestInsertion(state, from, text) : insertAt(state, from, text);
  if (from === to) return null;
  return change.suggest ? suggestReplacement(state, from, to, text, { exact }) : replaceRange(state, from, to, text, { exact });
}

function subscribeTo<T>(set: Set<T>, listener: T) {
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}
