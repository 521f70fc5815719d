/**
 * The editor's ways out of a save conflict, wired as the editor screen wires them: the embedded
 * editor itself (megabytes of layout engine) is replaced by a FakeEditor, the rest is real.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditorSnapshot } from '@web/features/editor/editor-adapter';
import { aDocument, jsonResponse, renderWithProviders, stubFetch } from '../../../tests/support/component';
import type { FakeEditor } from '../../../tests/support/fake-editor';
import { EditorWorkspace } from './editor-workspace';

const editors = vi.hoisted(() => [] as Array<FakeEditor & { setReadOnly: (readOnly: boolean) => void }>);
vi.mock('@web/features/editor/embedded/embedded-editor-adapter', async () => {
  const { FakeEditor } = await import('../../../tests/support/fake-editor');
  return {
    EmbeddedEditorAdapter: class extends FakeEditor {
      /** As the embedded adapter's: the snapshot says `readOnly`, and its listeners hear of it. */
      setReadOnly: (readOnly: boolean) => void;
      constructor() {
        super();
        const plain = this.getSnapshot;
        let readOnly = false;
        let shown: { base: EditorSnapshot; readOnly: boolean; snapshot: EditorSnapshot } | null = null;
        this.getSnapshot = () => {
          const base = plain();
          if (shown?.base !== base || shown.readOnly !== readOnly) shown = { base, readOnly, snapshot: { ...base, readOnly } };
          return shown.snapshot;
        };
        this.setReadOnly = (value) => {
          readOnly = value;
          this.select(plain().selectedText);
        };
        editors.push(this);
      }
    },
  };
});
vi.mock('@web/features/editor/embedded/embedded-docx-editor', () => ({ EmbeddedDocxEditor: () => <div data-testid="embedded-editor" /> }));

const DOCUMENT = aDocument();
const USER = { id: 1, email: 'ada@example.com', name: 'Ada Lovelace', role: 'user' as const, createdAt: '2025-01-01T00:00:00.000Z' };
const keptMessage = (current: number, kept: number) =>
  `This document was changed elsewhere in a paragraph you also changed (it is now at version ${current}). Your version is kept in the history as version ${kept}: compare the two, keep yours, or keep theirs.`;
const kept = (current: number, conflictVersion: number) => ({
  currentVersion: current,
  conflictVersion,
  conflicts: [{ part: 'word/document.xml', paraId: '1A2B', base: 'a', mine: 'b', theirs: 'c' }],
});
const KEPT = kept(5, 6);
const MOVED_ON = 'Version 8 was stored since you saw version 5, so version 6 was not restored over it.';

type ServerOptions = {
  /** The 409s' details, one per save (the last one repeats); undefined: refused and not kept. */
  saves?: Array<ReturnType<typeof kept> | undefined>;
  /** Each PUT waits for the test to let it answer (`answerNext`). */
  hold?: boolean;
  /** The restore's answer: the new document, or a 409 because the current version moved on. */
  restore?: 'ok' | 'moved-on';
};

function server({ saves = [KEPT], hold = false, restore: restoreAnswer = 'ok' }: ServerOptions = {}) {
  const restores: string[] = [];
  const puts: RequestInit[] = [];
  const held: Array<() => void> = [];
  const refuse = async (details: ReturnType<typeof kept> | undefined) => {
    if (hold) await new Promise<void>((resolve) => held.push(resolve));
    const message = details ? keptMessage(details.currentVersion, details.conflictVersion) : 'Reload it to get the latest version.';
    return jsonResponse({ error: { code: 'conflict', message, details } }, 409);
  };
  stubFetch((url, init) => {
    if (url === '/api/documents/9/content' && init.method === 'PUT') {
      puts.push(init);
      return refuse(saves[Math.min(puts.length, saves.length) - 1]);
    }
    const restore = /^\/api\/documents\/9\/versions\/(\d+)\/restore(\?.*)?$/.exec(url);
    if (restore && init.method === 'POST') {
      restores.push(restore[1]! + (restore[2] ?? ''));
      if (restoreAnswer === 'moved-on') return jsonResponse({ error: { code: 'conflict', message: MOVED_ON } }, 409);
      return jsonResponse({ ...DOCUMENT, currentVersion: Number(restore[1]) + 1 });
    }
    if (url.startsWith('/api/documents/9/versions') || url.startsWith('/api/documents?')) return jsonResponse([]);
    return undefined;
  });
  const answerNext = async () => {
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
    act(() => held.shift()!());
  };
  return { restores, puts, answerNext };
}

const open = (onReload = vi.fn()) => {
  renderWithProviders(<EditorWorkspace screen="original" document={DOCUMENT} content={{ bytes: new ArrayBuffer(4), version: 3 }} user={USER} onReload={onReload} />);
  return { editor: editors.at(-1)!, onReload };
};

/** Opens the workspace, edits, presses Ctrl+S and returns the banner that the 409 brings. */
async function collide(onReload = vi.fn()) {
  const { editor } = open(onReload);
  act(() => editor.type());
  fireEvent.keyDown(window, { key: 's', ctrlKey: true });
  const banner = await screen.findByRole('alert');
  return { banner, onReload, editor };
}

const frame = () => screen.getByTestId('editor-frame');

describe('a save conflict in the editor', () => {
  beforeEach(() => window.history.replaceState(null, '', '/editor/9'));

  it('says the save is kept in the history and that the editor is read-only, and offers Compare, Keep mine and Keep theirs', async () => {
    server();
    const { banner, onReload } = await collide();
    expect(banner.textContent).toContain('(it is now at version 5). Your version is kept in the history as version 6. The editor is read-only until you choose.');
    // The server's sentence (with its 'keep yours') is not repeated beside the banner's own.
    expect(banner.textContent).not.toContain('keep yours');
    expect(within(banner).queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(within(banner).getByRole('button', { name: 'Compare' })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Keep mine' })).toBeTruthy();
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Keep theirs' }));
    await vi.waitFor(() => expect(onReload).toHaveBeenCalledTimes(1));
  });

  it('makes the editor read-only, for typing and for the assistant, and the header says where the save went', async () => {
    server();
    const { editor } = open();
    expect(frame().hasAttribute('inert')).toBe(false);
    expect(screen.getByRole('button', { name: 'Send to Editor' })).toHaveProperty('disabled', false);
    act(() => editor.type());
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await screen.findByRole('alert');
    expect(frame().hasAttribute('inert')).toBe(true);
    expect(frame().getAttribute('aria-disabled')).toBe('true');
    expect(editor.getSnapshot().readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Send to Editor' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('save-status').textContent).toBe('Kept as version 6');
  });

  it('saves what was typed while the refused save was in flight, then names and keeps the newest kept version', async () => {
    const { puts, restores, answerNext } = server({ saves: [kept(5, 6), kept(5, 7)], hold: true });
    const { editor, onReload } = open();
    act(() => editor.type());
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    act(() => editor.type());
    await answerNext();
    // The edit typed meanwhile goes at once, on the same base: the editor stays editable until it is kept.
    await vi.waitFor(() => expect(puts).toHaveLength(2));
    expect(puts.map((init) => new Headers(init.headers).get('x-base-version'))).toEqual(['3', '3']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(frame().hasAttribute('inert')).toBe(false);
    await answerNext();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('kept in the history as version 7');
    expect(frame().hasAttribute('inert')).toBe(true);
    expect(screen.getByTestId('save-status').textContent).toBe('Kept as version 7');

    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Version 7 restored as version 8.')).toBeTruthy();
    expect(restores).toEqual(['7?current=5']);
    expect(puts).toHaveLength(2);
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('Keep mine restores the kept version over the version it was kept beside, says so and reopens the editor', async () => {
    const { restores } = server();
    const { banner, onReload } = await collide();
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Version 6 restored as version 7.')).toBeTruthy();
    expect(restores).toEqual(['6?current=5']);
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('Keep mine refused because a version was stored since: says why and opens the latest', async () => {
    server({ restore: 'moved-on' });
    const { banner, onReload } = await collide();
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText(MOVED_ON)).toBeTruthy();
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('Compare opens the current version against the kept one', async () => {
    server();
    const { banner } = await collide();
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Compare' }));
    await vi.waitFor(() => expect(window.location.pathname + window.location.search).toBe('/editor/9/compare?from=5&to=6'));
  });

  it('a conflict the server did not keep offers only Reload, is read-only too, and Back asks before leaving the unsaved edits', async () => {
    server({ saves: [undefined] });
    const { banner } = await collide();
    expect(within(banner).getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: 'Keep mine' })).toBeNull();
    expect(banner.textContent).toContain('Reload it to get the latest version. The editor is read-only until you reload.');
    expect(frame().hasAttribute('inert')).toBe(true);
    expect(screen.getByTestId('save-status').textContent).toBe('Save failed');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to documents' }));
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/editor/9');
    confirm.mockRestore();
  });
});
