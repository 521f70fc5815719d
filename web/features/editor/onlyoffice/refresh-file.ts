/**
 * docs/product.md §4, a version conflict in ONLYOFFICE (`onRequestRefreshFile`): the editor gets a
 * freshly signed config with a new key through `refreshFile`; when that cannot be done (a Document
 * Server before 8.3 has no `refreshFile`, the demo has no config to refresh, the request failed),
 * the whole page reloads and opens the latest version.
 */
import type { EditorConfig } from '@common/schemas/onlyoffice';
import { type DocEditor, editorConfigForDocsApi } from './docs-api';

type RefreshOptions = {
  editor: DocEditor | null;
  /** A fresh config with a new key (POST …/config/refresh); absent where there is none. */
  fetchConfig: (() => Promise<EditorConfig>) | undefined;
  reload: () => void;
  /** The editor went away meanwhile: nothing to refresh any more. */
  isCancelled: () => boolean;
};

export async function refreshOrReload({ editor, fetchConfig, reload, isCancelled }: RefreshOptions): Promise<void> {
  try {
    if (!fetchConfig || typeof editor?.refreshFile !== 'function') throw new Error('This editor cannot refresh its file in place.');
    const next = await fetchConfig();
    if (isCancelled()) return;
    editor.refreshFile(editorConfigForDocsApi(next));
  } catch (error) {
    console.warn('Reloading the page to open the latest version of the document:', error);
    reload();
  }
}
