/**
 * An EditorAdapter without an engine, for component tests of what sits beside the editor (the
 * chat panel, the options card, the save indicator). The test plays the user in the document:
 * `select` as if text were selected, `type` as if the content were edited.
 */
import { type Mock, vi } from 'vitest';
import type { EditorAdapter, EditorSnapshot, Passage, PassageLookup, PreviewOutcome, ProposedChange } from '@web/features/editor/editor-adapter';

export class FakeEditor implements EditorAdapter {
  private snapshot: EditorSnapshot = { ready: true, pluginReady: true, selectedText: '' };
  private readonly listeners = new Set<() => void>();
  private readonly selectionListeners = new Set<(text: string) => void>();
  private readonly contentListeners = new Set<() => void>();
  private readonly saveListeners = new Set<() => void>();
  /** What `save()` returns: the document's bytes as they are now. */
  bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04]).buffer;

  readonly replaceSelection = vi.fn((_text: string, _options: { suggest: boolean }) => this.snapshot.selectedText !== '');
  readonly insertAtCaret = vi.fn((_text: string) => true);
  readonly save = vi.fn(async () => this.bytes);
  /** Finds every passage as it was quoted and selects it; a test makes it say 'changed' or 'missing' instead. */
  readonly selectPassage = vi.fn((passage: Passage): PassageLookup => {
    this.select(passage.quote);
    return 'selected';
  });

  /**
   * Only with `new FakeEditor({ previews: true })`: an editor without previews changes the document
   * at once, as the tests written before previews expect. Each preview waits for the test to
   * `accept()` it (made as the embedded editor's Accept makes it) or `discard()` it.
   */
  readonly previewChange?: Mock<(change: ProposedChange) => Promise<PreviewOutcome>>;
  private waiting: { change: ProposedChange; resolve: (outcome: PreviewOutcome) => void } | null = null;

  constructor({ previews = false } = {}) {
    if (!previews) return;
    this.previewChange = vi.fn(
      (change: ProposedChange) =>
        new Promise<PreviewOutcome>((resolve) => {
          this.settle('discarded');
          this.waiting = { change, resolve };
          this.setSnapshot({ preview: { removed: change.kind === 'replace' ? this.snapshot.selectedText : '', added: change.text, ...(change.reason ? { reason: change.reason } : {}) } });
        }),
    );
  }

  /** The person accepts the previewed change: made through replaceSelection or insertAtCaret. */
  accept() {
    const change = this.waiting?.change;
    if (!change) throw new Error('No change is previewed');
    const made = change.kind === 'replace' ? this.replaceSelection(change.text, { suggest: change.suggest }) : this.insertAtCaret(change.text);
    this.settle(made ? 'accepted' : 'failed');
  }

  /** The person discards the previewed change. */
  discard() {
    if (!this.waiting) throw new Error('No change is previewed');
    this.settle('discarded');
  }

  private settle(outcome: PreviewOutcome) {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = null;
    this.setSnapshot({ preview: null });
    waiting.resolve(outcome);
  }

  private setSnapshot(patch: Partial<EditorSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  getSnapshot = () => this.snapshot;

  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  onSelectionChange(listener: (text: string) => void) {
    this.selectionListeners.add(listener);
    return () => void this.selectionListeners.delete(listener);
  }

  onContentChange(listener: () => void) {
    this.contentListeners.add(listener);
    return () => void this.contentListeners.delete(listener);
  }

  private pending = false;

  /** Announces an edit typeUnannounced() made, as the embedded editor's flush does. */
  flushChanges() {
    if (!this.pending) return;
    this.pending = false;
    this.type();
  }

  onSaveRequest(listener: () => void) {
    this.saveListeners.add(listener);
    return () => void this.saveListeners.delete(listener);
  }

  checkSelection() {
    return this.snapshot.selectedText;
  }

  /** The user selects `text` in the document ('' clears the selection). */
  select(text: string) {
    this.snapshot = { ...this.snapshot, selectedText: text };
    for (const listener of this.listeners) listener();
    for (const listener of this.selectionListeners) listener(text);
  }

  /** The user edits the document. */
  type() {
    for (const listener of this.contentListeners) listener();
  }

  /** The user edits the document, and the engine has not announced it yet (a long layout runs first). */
  typeUnannounced() {
    this.pending = true;
  }

  /** The user chooses the engine's own File > Save. */
  requestSave() {
    for (const listener of this.saveListeners) listener();
  }
}
