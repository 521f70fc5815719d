import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EditorConfig, PLUGIN_GUID } from '@common/schemas/onlyoffice';
import type { DocEditor } from './docs-api';
import { refreshOrReload } from './refresh-file';

const config = (key: string): EditorConfig => ({
  documentServerUrl: 'https://docs.example.com',
  documentType: 'word',
  document: {
    fileType: 'docx',
    key,
    title: 'Lease.docx',
    url: 'https://redraft.example/api/documents/9/file?token=t',
    permissions: { edit: true, comment: true, review: true, download: true, print: true },
  },
  editorConfig: {
    callbackUrl: 'https://redraft.example/api/documents/9/callback',
    mode: 'edit',
    lang: 'en',
    user: { id: '1', name: 'Ada' },
    customization: {},
    plugins: { autostart: [PLUGIN_GUID], pluginsData: [] },
  },
  token: 'signed',
});

/** A Document Server 8.3+ editor (with refreshFile), or an older one without it. */
const editor = (withRefreshFile: boolean) => {
  const refreshFile = vi.fn();
  return { refreshFile, editor: (withRefreshFile ? { destroyEditor() {}, refreshFile } : { destroyEditor() {} }) as DocEditor };
};

describe('a version conflict (onRequestRefreshFile)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hands the editor a freshly signed config with the new key, without reloading the page', async () => {
    const { editor: docEditor, refreshFile } = editor(true);
    const reload = vi.fn();
    await refreshOrReload({ editor: docEditor, fetchConfig: async () => config('9.2.fresh'), reload, isCancelled: () => false });
    expect(refreshFile).toHaveBeenCalledTimes(1);
    expect(refreshFile.mock.calls[0]![0]).toMatchObject({ document: { key: '9.2.fresh' }, token: 'signed' });
    expect(refreshFile.mock.calls[0]![0]).not.toHaveProperty('documentServerUrl');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when the editor has no refreshFile (a Document Server before 8.3), without asking for a key', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchConfig = vi.fn(async () => config('unused'));
    const reload = vi.fn();
    await refreshOrReload({ editor: editor(false).editor, fetchConfig, reload, isCancelled: () => false });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchConfig).not.toHaveBeenCalled();
  });

  it('reloads the page when the new config cannot be had, or there is none to ask for (the demo)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const fetchConfig of [() => Promise.reject(new Error('500: Internal Server Error')), undefined]) {
      const { editor: docEditor, refreshFile } = editor(true);
      const reload = vi.fn();
      await refreshOrReload({ editor: docEditor, fetchConfig, reload, isCancelled: () => false });
      expect(reload).toHaveBeenCalledTimes(1);
      expect(refreshFile).not.toHaveBeenCalled();
    }
  });

  it('does nothing once the editor has gone while the config was on its way', async () => {
    const { editor: docEditor, refreshFile } = editor(true);
    const reload = vi.fn();
    await refreshOrReload({ editor: docEditor, fetchConfig: async () => config('9.2.late'), reload, isCancelled: () => true });
    expect(refreshFile).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
