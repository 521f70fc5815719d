import { type RefObject, useEffect, useRef, useState } from 'react';
import type { EditorConfig } from '@common/schemas/onlyoffice';
import { type DocEditor, editorConfigForDocsApi } from './docs-api';
import { editorErrorAdvice } from './editor-errors';
import { type DocsApiLoadFailure, loadDocsApi } from './load-docs-api';
import type { OnlyofficeEditorAdapter } from './onlyoffice-editor-adapter';
import { listenToPlugin, pluginOrigins } from './plugin-bridge';
import { refreshOrReload } from './refresh-file';

/** docs/product.md §7: the document iframe is inspected 2 seconds after the document is ready. */
export const PLUGIN_CHECK_DELAY_MS = 2000;
/** A Document Server calls back as a user connects; this leaves room for a slow network. */
export const CALLBACK_CHECK_DELAY_MS = 5000;

type UseDocsEditorOptions = {
  /** The element the editor's iframe goes into; React renders nothing inside it. */
  container: RefObject<HTMLDivElement | null>;
  config: EditorConfig;
  adapter: OnlyofficeEditorAdapter;
  /** A fresh config with a new key after a version conflict; without it the page reloads. */
  refreshConfig?: () => Promise<EditorConfig>;
};

export type DocsEditorState = {
  /** api.js could not be loaded (docs/product.md §8 codes); the editor never opened. */
  loadFailure: DocsApiLoadFailure | null;
  /** The editor app is up (`onAppReady`), so its own loading screen shows from here on. */
  appReady: boolean;
  /** The editor's last `onError`, for an administrator. */
  editorError: string | null;
  /** The document has been ready for 2 s: time to say so if the plugin never answered. */
  pluginCheckDue: boolean;
  /** The document has been ready for 5 s: time to ask whether the Document Server called back. */
  callbackCheckDue: boolean;
};

let placeholders = 0;

/**
 * Opens the config in ONLYOFFICE Docs inside `container` and feeds the editor's events and the
 * plugin's messages to `adapter`; destroys the editor when the screen goes or the config changes.
 */
export function useDocsEditor({ container, config, adapter, refreshConfig }: UseDocsEditorOptions): DocsEditorState {
  const [loadFailure, setLoadFailure] = useState<DocsApiLoadFailure | null>(null);
  const [appReady, setAppReady] = useState(false);
  const [editorError, setEditorError] = useState<string | null>(null);
  const [pluginCheckDue, setPluginCheckDue] = useState(false);
  const [callbackCheckDue, setCallbackCheckDue] = useState(false);
  const refresh = useRef(refreshConfig);
  useEffect(() => {
    refresh.current = refreshConfig;
  }, [refreshConfig]);

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    let cancelled = false;
    let docEditor: DocEditor | null = null;
    let pluginCheck: ReturnType<typeof setTimeout> | undefined;
    let callbackCheck: ReturnType<typeof setTimeout> | undefined;
    const origins = pluginOrigins(window.location.origin, config.documentServerUrl);
    const stopListening = listenToPlugin(window, origins, adapter.handlePluginMessage);

    const requestRefresh = () =>
      refreshOrReload({ editor: docEditor, fetchConfig: refresh.current, reload: () => window.location.reload(), isCancelled: () => cancelled });

    void loadDocsApi(config.documentServerUrl, config.document.key).then((result) => {
      if (cancelled) return;
      if (!result.ok) return setLoadFailure(result.error);
      // The editor replaces its placeholder with an iframe: a node React never renders, so the two never fight.
      const placeholder = document.createElement('div');
      placeholder.id = `onlyoffice-editor-${(placeholders += 1)}`;
      host.replaceChildren(placeholder);
      try {
        docEditor = new result.api.DocEditor(placeholder.id, {
          ...editorConfigForDocsApi(config),
          events: {
            onAppReady: () => setAppReady(true),
            onDocumentReady: () => {
              adapter.handleDocumentReady();
              clearTimeout(pluginCheck);
              pluginCheck = setTimeout(() => {
                adapter.confirmPlugin();
                setPluginCheckDue(true);
              }, PLUGIN_CHECK_DELAY_MS);
              clearTimeout(callbackCheck);
              callbackCheck = setTimeout(() => setCallbackCheckDue(true), CALLBACK_CHECK_DELAY_MS);
            },
            onPluginsReady: adapter.handlePluginsReady,
            onError: ({ data }) => {
              console.error(`ONLYOFFICE Docs error ${data.errorCode}: ${data.errorDescription}`);
              adapter.handleEditorError();
              setEditorError(editorErrorAdvice(data, config.document.url));
            },
            onWarning: ({ data }) => console.warn(`ONLYOFFICE Docs warning ${data.warningCode}: ${data.warningDescription}`),
            onDocumentStateChange: ({ data }) => adapter.handleDocumentStateChange(data),
            onRequestRefreshFile: () => void requestRefresh(),
          },
        });
      } catch (error) {
        console.error('Unknown error loading component', error);
        return setLoadFailure({ code: -1, message: 'Unknown error loading component', documentServerUrl: config.documentServerUrl });
      }
      adapter.connect({ editorWindow: () => host.querySelector('iframe')?.contentWindow ?? null, origins });
    });

    return () => {
      cancelled = true;
      clearTimeout(pluginCheck);
      clearTimeout(callbackCheck);
      stopListening();
      try {
        docEditor?.destroyEditor();
      } catch (error) {
        console.warn('The ONLYOFFICE editor did not close cleanly:', error);
      }
      host.replaceChildren();
      adapter.disconnect();
      setAppReady(false);
      setPluginCheckDue(false);
      setCallbackCheckDue(false);
    };
  }, [adapter, config, container]);

  return { loadFailure, appReady, editorError, pluginCheckDue, callbackCheckDue };
}
