import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveResult } from '@common/schemas/versions';
import { aDocument, deferred, jsonResponse, renderWithProviders, stubFetch } from '../../../../tests/support/component';
import { FakeEditor } from '../../../../tests/support/fake-editor';
import { AUTOSAVE_DELAY_MS, useAutosave } from '../hooks/use-autosave';
import type { EditorAdapter } from '../editor-adapter';
import { SaveStatusIndicator } from './save-status';

const DOCUMENT_ID = 9;

const savedAs = (currentVersion: number, merged: SaveResult['merged'] = null): SaveResult => ({ ...aDocument({ id: DOCUMENT_ID, currentVersion }), merged });

/** The editor screen's header indicator, wired to autosave as the editor workspace wires it. */
function SavingEditor({ adapter, onReload = () => {} }: { adapter: EditorAdapter; onReload?: () => void }) {
  const { status, conflict, saveNow } = useAutosave({ adapter, documentId: DOCUMENT_ID, baseVersion: 3, onReload });
  return (
    <>
      <SaveStatusIndicator status={status} onRetry={() => void saveNow()} keptAs={conflict?.conflictVersion} />
      {conflict && <p data-testid="kept-as">{conflict.conflictVersion}</p>}
    </>
  );
}

/** Each PUT waits until the test answers it, so the page can be seen mid-save. */
function contentServer() {
  const puts: { version: string | null; copy: string | null; answer: (response: Response) => void }[] = [];
  stubFetch((url, init) => {
    if (url !== `/api/documents/${DOCUMENT_ID}/content` || init.method !== 'PUT') return undefined;
    const reply = deferred<Response>();
    const headers = new Headers(init.headers);
    puts.push({ version: headers.get('x-base-version'), copy: headers.get('x-base-copy'), answer: reply.resolve });
    return reply.promise;
  });
  return puts;
}

const shown = () => screen.getByTestId('save-status').textContent;
/** Lets timers due within `ms` fire and the promises they start settle, as time passing would. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the editor save state', () => {
  // The 2 s pause before an autosave is waited out by moving the clock (real timers come back after each test).
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('goes Saved, Unsaved changes on an edit, Saving... once typing pauses, then Saved', async () => {
    const puts = contentServer();
    const editor = new FakeEditor();
    renderWithProviders(<SavingEditor adapter={editor} />);
    expect(shown()).toBe('Saved');

    act(() => editor.type());
    expect(shown()).toBe('Unsaved changes');

    await wait(AUTOSAVE_DELAY_MS - 1);
    act(() => editor.type());
    await wait(AUTOSAVE_DELAY_MS - 1);
    expect(shown()).toBe('Unsaved changes');
    expect(puts).toHaveLength(0);

    await wait(1);
    expect(shown()).toBe('Saving...');
    expect(puts.map((p) => p.version)).toEqual(['3']);

    puts[0]!.answer(jsonResponse(savedAs(4)));
    await wait(0);
    expect(shown()).toBe('Saved');
  });

  it('Ctrl+S just after an edit the editor has not announced yet saves that edit', async () => {
    const puts = contentServer();
    const editor = new FakeEditor();
    renderWithProviders(<SavingEditor adapter={editor} />);

    act(() => editor.typeUnannounced());
    expect(shown()).toBe('Saved');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await wait(0);
    expect(shown()).toBe('Saving...');
    expect(puts.map((p) => p.version)).toEqual(['3']);
    puts[0]!.answer(jsonResponse(savedAs(4)));
    await wait(0);
    expect(shown()).toBe('Saved');
  });

  it('shows Unsaved changes after a save when the document was edited during it, and saves that too', async () => {
    const puts = contentServer();
    const editor = new FakeEditor();
    renderWithProviders(<SavingEditor adapter={editor} />);

    act(() => editor.type());
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await wait(0);
    expect(shown()).toBe('Saving...');

    act(() => editor.type());
    expect(shown()).toBe('Saving...');
    puts[0]!.answer(jsonResponse(savedAs(4)));
    await wait(0);
    expect(shown()).toBe('Unsaved changes');

    await wait(AUTOSAVE_DELAY_MS);
    expect(shown()).toBe('Saving...');
    expect(puts.map((p) => p.version)).toEqual(['3', '4']);
    puts[1]!.answer(jsonResponse(savedAs(5)));
    await wait(0);
    expect(shown()).toBe('Saved');
  });

  it('says Save failed with a Retry that saves again', async () => {
    const puts = contentServer();
    const editor = new FakeEditor();
    renderWithProviders(<SavingEditor adapter={editor} />);

    act(() => editor.type());
    act(() => editor.requestSave());
    await wait(0);
    puts[0]!.answer(new Response('Service Unavailable', { status: 503 }));
    await wait(0);
    expect(shown()).toContain('Save failed');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await wait(0);
    expect(shown()).toBe('Saving...');
    puts[1]!.answer(jsonResponse(savedAs(4)));
    await wait(0);
    expect(shown()).toBe('Saved');
  });

  it('after a save merged with another, says so in one sentence and reopens the editor', async () => {
    const puts = contentServer();
    const editor = new FakeEditor();
    const onReload = vi.fn();
    renderWithProviders(<SavingEditor adapter={editor} onReload={onReload} />);

    act(() => editor.type());
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await wait(0);
    puts[0]!.answer(jsonResponse(savedAs(6, { with: 5, paragraphs: 1 })));
    await wait(0);
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Your changes were merged with version 5, saved elsewhere; the document now has both.')).toBeTruthy();
  });

  it("saves what was typed during a merged save against that merge's copy of its own side, then drops the header", async () => {
    const puts = contentServer();
    const editor = new FakeEditor();
    const onReload = vi.fn();
    renderWithProviders(<SavingEditor adapter={editor} onReload={onReload} />);

    act(() => editor.type());
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await wait(0);
    act(() => editor.type());
    puts[0]!.answer(jsonResponse(savedAs(6, { with: 5, paragraphs: 1 })));
    await wait(0);
    expect(onReload).not.toHaveBeenCalled();
    await wait(AUTOSAVE_DELAY_MS);
    // Based on the merge (6), from the copy of this editor's own side: it shows 3 plus its own edits, not 6.
    expect(puts.map(({ version, copy }) => ({ version, copy }))).toEqual([
      { version: '3', copy: null },
      { version: '6', copy: 'saver' },
    ]);
    act(() => editor.type());
    puts[1]!.answer(jsonResponse(savedAs(7, { with: 6, paragraphs: 1 })));
    await wait(AUTOSAVE_DELAY_MS);
    // Merged again: still from the saver's copy, of the new merge.
    expect(puts.slice(2).map(({ version, copy }) => ({ version, copy }))).toEqual([{ version: '7', copy: 'saver' }]);
    act(() => editor.type());
    puts[2]!.answer(jsonResponse(savedAs(8)));
    await wait(AUTOSAVE_DELAY_MS);
    // A plain save: the editor's document is that version, as stored.
    expect(puts.slice(3).map(({ version, copy }) => ({ version, copy }))).toEqual([{ version: '8', copy: null }]);
    puts[3]!.answer(jsonResponse(savedAs(9)));
    await wait(0);
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  const conflictAnswer = (current: number, kept: number) =>
    jsonResponse(
      {
        error: {
          code: 'conflict',
          message: `This document was changed elsewhere in a paragraph you also changed (it is now at version ${current}). Your version is kept in the history as version ${kept}: compare the two, keep yours, or keep theirs.`,
          details: { currentVersion: current, conflictVersion: kept, conflicts: [{ part: 'word/document.xml', paraId: '1A', base: 'a', mine: 'b', theirs: 'c' }] },
        },
      },
      409,
    );

  it('on a 409 that kept the save in the history, says Kept as version N (no failure) and knows which version holds it', async () => {
    const puts = contentServer();
    const editor = new FakeEditor();
    renderWithProviders(<SavingEditor adapter={editor} />);

    act(() => editor.type());
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await wait(0);
    puts[0]!.answer(conflictAnswer(5, 6));
    await wait(0);
    expect(shown()).toBe('Kept as version 6');
    expect(screen.getByTestId('save-status').querySelector('.text-destructive')).toBeNull();
    expect(screen.getByTestId('kept-as').textContent).toBe('6');
    await wait(AUTOSAVE_DELAY_MS * 2);
    expect(puts).toHaveLength(1);
  });

  it('saves what was typed during the refused save at once, on the same base, and names the version that keeps it', async () => {
    const puts = contentServer();
    const editor = new FakeEditor();
    renderWithProviders(<SavingEditor adapter={editor} />);

    act(() => editor.type());
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await wait(0);
    act(() => editor.type());
    puts[0]!.answer(conflictAnswer(5, 6));
    await wait(0);
    expect(shown()).toBe('Saving...');
    expect(puts.map((p) => p.version)).toEqual(['3', '3']);
    puts[1]!.answer(conflictAnswer(5, 7));
    await wait(0);
    expect(shown()).toBe('Kept as version 7');
    expect(screen.getByTestId('kept-as').textContent).toBe('7');
  });

  it('a 409 that kept nothing still reads Save failed', async () => {
    const puts = contentServer();
    const editor = new FakeEditor();
    renderWithProviders(<SavingEditor adapter={editor} />);

    act(() => editor.type());
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await wait(0);
    puts[0]!.answer(jsonResponse({ error: { code: 'conflict', message: 'Reload it to get the latest version.', details: { currentVersion: 5 } } }, 409));
    await wait(0);
    expect(shown()).toBe('Save failed');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
