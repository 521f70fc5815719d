/**
 * Notes above a working ONLYOFFICE editor about a part of the setup that is not: each names what
 * the person who runs Redraft should check, and none blocks the document.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { type EditorConfig, PLUGIN_FOLDER } from '@common/schemas/onlyoffice';
import { useCallbackStatus } from '../api/get-callback-status';
import { EditorNote } from '../components/editor-note';
import { missingCallbackAdvice } from './editor-errors';
import type { OnlyofficeEditorAdapter } from './onlyoffice-editor-adapter';

/** docs/product.md §7's inspection 2 s after the document is ready: the assistant plugin never spoke. */
export function PluginNote({ adapter, config, due }: { adapter: OnlyofficeEditorAdapter; config: EditorConfig; due: boolean }) {
  const pluginReady = useSyncExternalStore(adapter.subscribe, () => adapter.getSnapshot().pluginReady);
  const [dismissed, setDismissed] = useState(false);
  // A viewer (the demo) has nothing for the assistant to do.
  if (!due || pluginReady || dismissed || config.editorConfig.mode !== 'edit') return null;
  const configUrl = config.editorConfig.plugins.pluginsData[0] ?? `/sdkjs-plugins/${PLUGIN_FOLDER}/config.json`;
  return (
    <EditorNote tone="info" testId="plugin-note" onDismiss={() => setDismissed(true)}>
      The Redraft assistant plugin did not start, so the assistant cannot read or change the document. Check that ONLYOFFICE Docs has the plugin
      installed (folder {PLUGIN_FOLDER}) or can load {configUrl}.
    </EditorNote>
  );
}

/**
 * The Document Server never called back under the key this editor opened: its saves would fail,
 * so the header stops saying anything about saving (the adapter's `saveState`).
 */
export function CallbackNote({ adapter, documentId, config, due }: { adapter: OnlyofficeEditorAdapter; documentId: number; config: EditorConfig; due: boolean }) {
  const status = useCallbackStatus(documentId, config.document.key, due && config.editorConfig.mode === 'edit');
  const advice = status.data ? missingCallbackAdvice(status.data, config.document.key, config.editorConfig.callbackUrl) : null;
  const missing = advice !== null;
  useEffect(() => {
    adapter.handleCallbacksMissing(missing);
  }, [adapter, missing]);
  if (!advice) return null;
  return (
    <EditorNote tone="error" testId="callback-note">
      {advice}
    </EditorNote>
  );
}
