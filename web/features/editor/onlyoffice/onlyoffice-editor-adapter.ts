/**
 * EditorAdapter over ONLYOFFICE Docs. The editor runs on the Document Server's origin, so the page
 * cannot reach its document: what the editor reports comes through DocsAPI events (fed in by
 * onlyoffice-editor.tsx), and the selection and edits go through the assistant plugin's messages
 * (plugin-bridge.ts). Saving is the Document Server's: it calls the server back (decision 013).
 */
import type { PluginToHostMessage } from '@common/schemas/onlyoffice';
import type { EditorAdapter, EditorSnapshot, ReplaceOptions } from '../editor-adapter';
import { type FrameWindow, getCurrentSelectionMessage, insertTextMessage, postToPlugin } from './plugin-bridge';

export const DOCUMENT_SERVER_SAVES =
  'ONLYOFFICE Docs saves this document itself, through the server callback; the page has no copy to upload.';

type SaveDoubts = { editorError: boolean; noCallback: boolean };

type PluginRoute = {
  /** The editor's iframe window, whose frames hold the plugin; null while there is none. */
  editorWindow: () => FrameWindow | null;
  /** Where the plugin may be: our origin and the Document Server's (plugin-bridge.ts). */
  origins: readonly string[];
};

export class OnlyofficeEditorAdapter implements EditorAdapter {
  private route: PluginRoute = { editorWindow: () => null, origins: [] };
  private snapshot: EditorSnapshot = { ready: false, pluginReady: false, selectedText: '' };
  private modified = false;
  /** Reasons the page cannot say whether edits reach the server (see `saveState`). */
  private doubts: SaveDoubts = { editorError: false, noCallback: false };
  /** Our plugin has spoken at least once: `onPluginsReady` alone means only that the editor's plugins loaded. */
  private pluginHeard = false;
  private readonly listeners = new Set<() => void>();
  private readonly selectionListeners = new Set<(selectedText: string) => void>();
  private readonly contentListeners = new Set<() => void>();
  private readonly saveStateListeners = new Set<() => void>();

  getSnapshot = (): EditorSnapshot => this.snapshot;

  subscribe = (listener: () => void) => subscribeTo(this.listeners, listener);
  onSelectionChange = (listener: (selectedText: string) => void) => subscribeTo(this.selectionListeners, listener);
  onContentChange = (listener: () => void) => subscribeTo(this.contentListeners, listener);
  /** ONLYOFFICE has no Save that the page could take over: its own saves go to the server directly. */
  onSaveRequest = (_listener: () => void) => () => {};
  /** The Document Server reports its state changes itself, at once; nothing waits to be announced. */
  flushChanges = () => undefined;

  /** Whether this user has edits the Document Server has not received yet (`onDocumentStateChange`). */
  isModified = () => this.modified;

  /**
   * What the header may say about saving: `saving` while the Document Server has not received this
   * user's edits, `saved` once it has, and `unknown` when the editor reported an error (it may
   * never have opened the document) or the Document Server never called back (its saves cannot
   * arrive): then nothing the page could say would be true.
   */
  saveState = (): 'saved' | 'saving' | 'unknown' => {
    if (this.doubts.editorError || this.doubts.noCallback) return 'unknown';
    return this.modified ? 'saving' : 'saved';
  };
  onSaveStateChange = (listener: () => void) => subscribeTo(this.saveStateListeners, listener);

  /** Called by the mounting component once the editor exists and its config says where the plugin may be. */
  connect(route: PluginRoute) {
    this.route = route;
  }

  /** The editor was destroyed. */
  disconnect() {
    this.route = { editorWindow: () => null, origins: [] };
    this.modified = false;
    this.doubts = { editorError: false, noCallback: false };
    this.pluginHeard = false;
    this.update({ ready: false, pluginReady: false, selectedText: '' });
    this.saveStateChanged();
  }

  handleDocumentReady = () => {
    // The document opened (again, after a refresh): an earlier error no longer stands.
    this.doubt({ editorError: false });
    this.update({ ready: true });
    // The plugin may have started before we listened; its answer says it is there.
    this.send(getCurrentSelectionMessage());
  };

  /** docs/product.md §4 sets plugin-ready here; `confirmPlugin` takes it back if our plugin never answers. */
  handlePluginsReady = () => {
    this.update({ pluginReady: true });
    this.send(getCurrentSelectionMessage());
  };

  /**
   * docs/product.md §7's inspection, 2 s after the document is ready: the editor may report its plugins ready
   * without ours among them (not installed, its page blocked). Returns whether ours has spoken.
   */
  confirmPlugin = () => {
    if (!this.pluginHeard && this.snapshot.pluginReady) this.update({ pluginReady: false });
    return this.pluginHeard;
  };

  handleDocumentStateChange = (modified: boolean) => {
    if (modified) for (const listener of this.contentListeners) listener();
    if (modified === this.modified) return;
    this.modified = modified;
    this.saveStateChanged();
  };

  /** The editor's `onError`: the document may never have opened (-20, -4) or may not save. */
  handleEditorError = () => this.doubt({ editorError: true });

  /** Whether the Document Server has failed to call back under this editor's key (onlyoffice-notes.tsx). */
  handleCallbacksMissing = (missing: boolean) => this.doubt({ noCallback: missing });

  /** Every plugin message says what is selected now, and that the plugin is up. */
  handlePluginMessage = (message: PluginToHostMessage) => {
    this.pluginHeard = true;
    if (!this.snapshot.pluginReady) this.update({ pluginReady: true });
    const { selectedText } = message.data;
    if (selectedText === this.snapshot.selectedText) return;
    this.update({ selectedText });
    for (const listener of this.selectionListeners) listener(selectedText);
  };

  /** The selection as last reported; the plugin's answer to the request updates it (and tells listeners). */
  checkSelection = () => {
    this.send(getCurrentSelectionMessage());
    return this.snapshot.selectedText;
  };

  replaceSelection = (text: string, { suggest }: ReplaceOptions) => {
    if (!this.snapshot.selectedText) return false;
    return this.insert(text, suggest, 'selection');
  };

  /** After the selection, which stays, as the embedded editor does. */
  insertAtCaret = (text: string) => this.insert(text, false, 'caret');

  save = () => Promise.reject(new Error(DOCUMENT_SERVER_SAVES));

  private insert(text: string, suggest: boolean, at: 'selection' | 'caret') {
    const { ready, pluginReady } = this.snapshot;
    if (!ready || !pluginReady || !text.trim()) return false;
    return this.send(insertTextMessage(text, suggest, at)) > 0;
  }

  private send(message: Parameters<typeof postToPlugin>[1]) {
    return postToPlugin(this.route.editorWindow(), message, this.route.origins);
  }

  private doubt(patch: Partial<SaveDoubts>) {
    const before = this.saveState();
    this.doubts = { ...this.doubts, ...patch };
    if (this.saveState() !== before) this.saveStateChanged();
  }

  private saveStateChanged() {
    for (const listener of this.saveStateListeners) listener();
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
