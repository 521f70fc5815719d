/**
 * The editor's ways out of a save conflict, wired as the editor screen wires them: the embedded
 * editor itself (megabytes of layout engine) is replaced by a FakeEditor, the rest is real.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCX_MIME_TYPE } from '@common/limits';
import type { Document } from '@common/schemas/documents';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../tests/support/component';
import type { FakeEditor } from '../../../tests/support/fake-editor';
import { EditorWorkspace } from './editor-workspace';

const editors = vi.hoisted(() => [] as FakeEditor[]);
vi.mock('@web/features/editor/embedded/embedded-editor-adapter', async () => {
  const { FakeEditor } = await import('../../../tests/support/fake-editor');
  return {
    EmbeddedEditorAdapter: class extends FakeEditor {
      constructor() {
        super();
        editors.push(this);
      }
    },
  };
});
vi.mock('@web/features/editor/embedded/embedded-docx-editor', () => ({ EmbeddedDocxEditor: () => <div data-testid="embedded-editor" /> }));

const DOCUMENT: Document = {
  id: 9,
  filename: 'f00d.docx',
  originalName: 'Lease.docx',
  fileSize: 4,
  mimeType: DOCX_MIME_TYPE,
  status: 'complete',
  statusReason: null,
  userId: 1,
  uploadedAt: '2025-03-01T10:00:00.000Z',
  processedAt: '2025-03-01T10:00:01.000Z',
  lastOpenedAt: null,
  archivedAt: null,
  wordCount: 120,
  currentVersion: 3,
};
const USER = { id: 1, email: 'ada@example.com', name: 'Ada Lovelace', role: 'user' as const, createdAt: '2025-01-01T00:00:00.000Z' };
const KEPT_MESSAGE =
  'This document was changed elsewhere in a paragraph you also changed (it is now at version 5). Your version is kept in the history as version 6: compare the two, keep yours, or keep theirs.';
const KEPT = { currentVersion: 5, conflictVersion: 6, conflicts: [{ part: 'word/document.xml', paraId: '1A2B', base: 'a', mine: 'b', theirs: 'c' }] };

function server(details: unknown) {
  const restores: string[] = [];
  stubFetch((url, init) => {
    if (url === '/api/documents/9/content' && init.method === 'PUT') {
      return jsonResponse({ error: { code: 'conflict', message: details ? KEPT_MESSAGE : 'Reload it to get the latest version.', details } }, 409);
    }
    const restore = /^\/api\/documents\/9\/versions\/(\d+)\/restore$/.exec(url);
    if (restore && init.method === 'POST') {
      restores.push(restore[1]!);
      return jsonResponse({ ...DOCUMENT, currentVersion: 7 });
    }
    if (url.startsWith('/api/documents/9/versions') || url.startsWith('/api/documents?')) return jsonResponse([]);
    return undefined;
  });
  return restores;
}

/** Opens the workspace, edits, presses Ctrl+S and returns the banner that the 409 brings. */
async function collide(onReload = vi.fn()) {
  renderWithProviders(<EditorWorkspace screen="original" document={DOCUMENT} content={{ bytes: new ArrayBuffer(4), version: 3 }} user={USER} onReload={onReload} />);
  act(() => editors.at(-1)!.type());
  fireEvent.keyDown(window, { key: 's', ctrlKey: true });
  const banner = await screen.findByRole('alert');
  return { banner, onReload };
}

describe('a save conflict in the editor', () => {
  beforeEach(() => window.history.replaceState(null, '', '/editor/9'));

  it('says the save is kept in the history and offers Compare, Keep mine and Keep theirs', async () => {
    server(KEPT);
    const { banner, onReload } = await collide();
    expect(banner.textContent).toContain('Your version is kept in the history as version 6');
    expect(within(banner).queryByRole('button', { name: 'Reload' })).toBeNull();
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Keep theirs' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('Keep mine restores the kept version, says so and reopens the editor', async () => {
    const restores = server(KEPT);
    const { banner, onReload } = await collide();
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Version 6 restored as version 7.')).toBeTruthy();
    expect(restores).toEqual(['6']);
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('Compare opens the current version against the kept one', async () => {
    server(KEPT);
    const { banner } = await collide();
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Compare' }));
    expect(window.location.pathname + window.location.search).toBe('/editor/9/compare?from=5&to=6');
  });

  it('a conflict the server did not keep still offers only Reload', async () => {
    server(undefined);
    const { banner } = await collide();
    expect(within(banner).getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: 'Keep mine' })).toBeNull();
  });
});
