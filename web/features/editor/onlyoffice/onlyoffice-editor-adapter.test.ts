import { describe, expect, it } from 'vitest';
import { PLUGIN_GUID, type PluginToHostMessage } from '@common/schemas/onlyoffice';
import { DOCUMENT_SERVER_SAVES, OnlyofficeEditorAdapter } from './onlyoffice-editor-adapter';
import type { FrameWindow } from './plugin-bridge';

const OURS = 'https://redraft.example';
const DS = 'https://docs.example.com';
const message = (type: PluginToHostMessage['type'], selectedText: string): PluginToHostMessage => ({ guid: PLUGIN_GUID, type, data: { selectedText } });

/** An editor frame holding one plugin frame at the Document Server's origin. */
function connected() {
  const received: unknown[] = [];
  const plugin = { length: 0, postMessage: (m: unknown, origin: string) => origin === DS && received.push(m) } as unknown as FrameWindow;
  const editor = { length: 1, 0: plugin, postMessage: () => {} } as unknown as FrameWindow;
  const adapter = new OnlyofficeEditorAdapter();
  adapter.connect({ editorWindow: () => editor, origins: [OURS, DS] });
  return { adapter, received };
}

describe('OnlyofficeEditorAdapter', () => {
  it('is ready on document-ready and plugin-ready on plugins-ready or any plugin message', () => {
    const { adapter, received } = connected();
    let changes = 0;
    adapter.subscribe(() => (changes += 1));
    adapter.handleDocumentReady();
    expect(adapter.getSnapshot()).toEqual({ ready: true, pluginReady: false, selectedText: '' });
    expect(received).toEqual([{ guid: PLUGIN_GUID, type: 'getCurrentSelection' }]);
    adapter.handlePluginMessage(message('pluginReady', ''));
    expect(adapter.getSnapshot().pluginReady).toBe(true);
    expect(changes).toBe(2);

    const other = connected().adapter;
    other.handlePluginsReady();
    expect(other.getSnapshot().pluginReady).toBe(true);
  });

  it('takes plugin-ready back when only the editor said so and our plugin never spoke', () => {
    const { adapter, received } = connected();
    adapter.handleDocumentReady();
    adapter.handlePluginsReady();
    expect(received).toHaveLength(2);
    expect(adapter.getSnapshot().pluginReady).toBe(true);
    expect(adapter.confirmPlugin()).toBe(false);
    expect(adapter.getSnapshot().pluginReady).toBe(false);
    expect(adapter.insertAtCaret('text')).toBe(false);
    // A late start still counts.
    adapter.handlePluginMessage(message('pluginReady', ''));
    expect(adapter.getSnapshot().pluginReady).toBe(true);
    expect(adapter.confirmPlugin()).toBe(true);
  });

  it('tells selection listeners about each new selection, empty ones included', () => {
    const { adapter } = connected();
    const seen: string[] = [];
    adapter.onSelectionChange((text) => seen.push(text));
    adapter.handlePluginMessage(message('selectionChanged', 'recieve'));
    adapter.handlePluginMessage(message('currentSelection', 'recieve'));
    adapter.handlePluginMessage(message('selectionChanged', ''));
    expect(seen).toEqual(['recieve', '']);
    expect(adapter.getSnapshot().selectedText).toBe('');
  });

  it('checkSelection answers with what it knows and asks the plugin again', () => {
    const { adapter, received } = connected();
    adapter.handlePluginMessage(message('selectionChanged', 'Northwind'));
    expect(adapter.checkSelection()).toBe('Northwind');
    expect(received.at(-1)).toEqual({ guid: PLUGIN_GUID, type: 'getCurrentSelection' });
  });

  it('replaces and inserts through the plugin only when ready, with non-blank text (and a selection to replace)', () => {
    const { adapter, received } = connected();
    expect(adapter.insertAtCaret('text')).toBe(false);
    adapter.handleDocumentReady();
    expect(adapter.insertAtCaret('text')).toBe(false);
    adapter.handlePluginMessage(message('pluginReady', ''));
    expect(adapter.replaceSelection('receive', { suggest: true })).toBe(false);
    expect(adapter.insertAtCaret('   ')).toBe(false);
    received.length = 0;

    expect(adapter.insertAtCaret('30 days')).toBe(true);
    adapter.handlePluginMessage(message('selectionChanged', 'recieve'));
    expect(adapter.replaceSelection('receive', { suggest: true })).toBe(true);
    expect(received).toEqual([
      { guid: PLUGIN_GUID, type: 'insertText', data: { text: '30 days', suggest: false, at: 'caret' } },
      { guid: PLUGIN_GUID, type: 'insertText', data: { text: 'receive', suggest: true, at: 'selection' } },
    ]);
  });

  it('reports edits from onDocumentStateChange, never asks to save, and cannot save itself', async () => {
    const { adapter } = connected();
    let edits = 0;
    let saveStateChanges = 0;
    adapter.onContentChange(() => (edits += 1));
    adapter.onSaveStateChange(() => (saveStateChanges += 1));
    expect(adapter.saveState()).toBe('saved');
    adapter.handleDocumentStateChange(true);
    adapter.handleDocumentStateChange(true);
    expect(adapter.isModified()).toBe(true);
    expect(adapter.saveState()).toBe('saving');
    adapter.handleDocumentStateChange(false);
    expect(adapter.isModified()).toBe(false);
    expect(adapter.saveState()).toBe('saved');
    expect(edits).toBe(2);
    expect(saveStateChanges).toBe(2);
    await expect(adapter.save()).rejects.toThrow(DOCUMENT_SERVER_SAVES);
  });

  it('cannot say saved after an editor error, until the document opens again', () => {
    const { adapter } = connected();
    let saveStateChanges = 0;
    adapter.onSaveStateChange(() => (saveStateChanges += 1));
    adapter.handleEditorError();
    expect(adapter.saveState()).toBe('unknown');
    expect(saveStateChanges).toBe(1);
    // Edits reported meanwhile do not make it 'saving' or 'saved' either.
    adapter.handleDocumentStateChange(true);
    adapter.handleDocumentStateChange(false);
    expect(adapter.saveState()).toBe('unknown');
    // A refresh that reopened the document.
    adapter.handleDocumentReady();
    expect(adapter.saveState()).toBe('saved');
  });

  it('cannot say saved while the Document Server has not called back', () => {
    const { adapter } = connected();
    adapter.handleDocumentReady();
    adapter.handleCallbacksMissing(true);
    expect(adapter.saveState()).toBe('unknown');
    adapter.handleCallbacksMissing(false);
    expect(adapter.saveState()).toBe('saved');
    adapter.handleCallbacksMissing(true);
    adapter.disconnect();
    expect(adapter.saveState()).toBe('saved');
  });

  it('is back to not ready after disconnect, and then reaches no frame', () => {
    const { adapter, received } = connected();
    adapter.handleDocumentReady();
    adapter.handlePluginsReady();
    adapter.disconnect();
    expect(adapter.getSnapshot()).toEqual({ ready: false, pluginReady: false, selectedText: '' });
    received.length = 0;
    adapter.checkSelection();
    expect(received).toEqual([]);
  });
});
