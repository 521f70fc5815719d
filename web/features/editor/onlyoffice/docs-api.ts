/**
 * The part of ONLYOFFICE's browser API (`DocsAPI`, from the Document Server's api.js) that Redraft
 * uses, typed from its published documentation (docs/onlyoffice.md, "The protocol, as built").
 */
import type { EditorConfig } from '@common/schemas/onlyoffice';

/** What an event handler receives; `data` depends on the event. */
export type DocsApiEvent<T = unknown> = { data: T };

export type DocsApiErrorData = { errorCode: number; errorDescription: string };
export type DocsApiWarningData = { warningCode: number; warningDescription: string };

export type DocEditorEvents = {
  onAppReady?: () => void;
  onDocumentReady?: () => void;
  onPluginsReady?: () => void;
  onError?: (event: DocsApiEvent<DocsApiErrorData>) => void;
  onWarning?: (event: DocsApiEvent<DocsApiWarningData>) => void;
  /** `true` while this user has edits not yet sent to the Document Server, `false` once sent. */
  onDocumentStateChange?: (event: DocsApiEvent<boolean>) => void;
  /** The file changed under the editor (version conflict): hand it a fresh config or reload. */
  onRequestRefreshFile?: () => void;
};

/** The config the editor takes: the server's, without the Document Server's address, plus events. */
export type DocEditorConfig = Omit<EditorConfig, 'documentServerUrl'> & {
  width?: string;
  height?: string;
  events?: DocEditorEvents;
};

export interface DocEditor {
  destroyEditor(): void;
  /** Document Server 8.3+; older ones lack it, hence optional. */
  refreshFile?: (config: Omit<DocEditorConfig, 'events'>) => void;
}

export type DocsApi = {
  DocEditor: new (placeholderId: string, config: DocEditorConfig) => DocEditor;
};

declare global {
  interface Window {
    DocsAPI?: DocsApi;
  }
}

/** The signed part of a config, as the editor and `refreshFile` take it. */
export function editorConfigForDocsApi({ documentServerUrl: _url, ...config }: EditorConfig): Omit<DocEditorConfig, 'events'> {
  return { ...config, width: '100%', height: '100%' };
}
