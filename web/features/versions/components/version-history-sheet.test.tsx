import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Document } from '@common/schemas/documents';
import type { Version } from '@common/schemas/versions';
import { aDocument, jsonResponse, renderWithProviders, stubFetch } from '../../../../tests/support/component';
import { VersionHistorySheet } from './version-history-sheet';

const DOCUMENT_ID = 9;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const version = (n: number, fields: Partial<Version>): Version => ({
  version: n,
  createdAt: minutesAgo(10 - n),
  author: { id: 1, name: 'Ada Lovelace' },
  kind: 'save',
  restoredFrom: null,
  conflict: false,
  current: false,
  byteSize: 4000,
  summary: null,
  ...fields,
});

/** Newest first, as the server lists them. */
const HISTORY: Version[] = [
  version(5, { current: true, summary: { paragraphsChanged: 2, paragraphsAdded: 1, paragraphsRemoved: 0, wordsAdded: 14, wordsRemoved: 3 } }),
  version(4, { conflict: true, author: { id: 2, name: 'Ben Okri' } }),
  version(3, { kind: 'restore', restoredFrom: 1 }),
  version(2, { kind: 'merge', createdAt: minutesAgo(120) }),
  version(1, { kind: 'upload', author: null }),
];

const restoredDocument = (currentVersion: number): Document =>
  aDocument({ id: DOCUMENT_ID, uploadedAt: minutesAgo(60), processedAt: minutesAgo(60), currentVersion });

const MOVED_ON = 'Version 6 was stored since you saw version 5, so version 2 was not restored over it.';

function historyServer({ movedOn = false } = {}) {
  const restores: string[] = [];
  const fetchMock = stubFetch((url, init) => {
    if (url === `/api/documents/${DOCUMENT_ID}/versions` && init.method === 'GET') return jsonResponse(HISTORY);
    const restore = /^\/api\/documents\/9\/versions\/(\d+)\/restore(\?.*)?$/.exec(url);
    if (restore && init.method === 'POST') {
      restores.push(restore[1]! + (restore[2] ?? ''));
      if (movedOn) return jsonResponse({ error: { code: 'conflict', message: MOVED_ON } }, 409);
      return jsonResponse(restoredDocument(6));
    }
    return undefined;
  });
  return { restores, fetchMock };
}

const row = async (n: number) => {
  const list = await screen.findByRole('list', { name: 'Versions' });
  return within(list).getByRole('listitem', { name: `Version ${n}` });
};

describe('the version history panel', () => {
  it('lists every version in words: kind, author, time, badges and what changed', async () => {
    historyServer();
    renderWithProviders(<VersionHistorySheet documentId={DOCUMENT_ID} open onOpenChange={() => {}} />);

    expect(screen.getByRole('heading', { name: 'Version history' })).toBeTruthy();
    const current = await row(5);
    expect(current.textContent).toContain('Saved by Ada Lovelace · 5 minutes ago');
    expect(within(current).getByText('Current')).toBeTruthy();
    expect(within(current).getByText('2 paragraphs changed, 1 added · +14 −3 words')).toBeTruthy();
    expect(within(current).queryByRole('button', { name: /Restore/ })).toBeNull();

    const conflict = await row(4);
    expect(within(conflict).getByText('Conflict')).toBeTruthy();
    expect(conflict.textContent).toContain('Saved by Ben Okri');
    expect((await row(3)).textContent).toContain('Restored from version 1');
    expect((await row(2)).textContent).toContain('Merged by Ada Lovelace · 2 hours ago');
    expect((await row(1)).textContent).toMatch(/^Version 1Uploaded · /);

    const download = within(await row(3)).getByRole('link', { name: 'Download version 3' });
    expect(download.getAttribute('href')).toBe('/api/documents/9/versions/3/download');
  });

  it('compares a version with the current one, and the current one with the one before it (a conflict is not that one)', async () => {
    historyServer();
    renderWithProviders(<VersionHistorySheet documentId={DOCUMENT_ID} open onOpenChange={() => {}} />);
    const href = async (n: number) => within(await row(n)).getByRole('link', { name: `Compare version ${n}` }).getAttribute('href');
    expect(await href(2)).toBe('/editor/9/compare?from=2&to=5');
    expect(await href(5)).toBe('/editor/9/compare?from=3&to=5');
  });

  it('restores after the question, says which version it became, and lets the editor reopen', async () => {
    const { restores, fetchMock } = historyServer();
    const onRestored = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VersionHistorySheet documentId={DOCUMENT_ID} open onOpenChange={() => {}} onRestored={onRestored} />);

    await user.click(within(await row(2)).getByRole('button', { name: 'Restore version 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Restore version 2?' });
    expect(restores).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Version 2 restored as version 6.')).toBeTruthy();
    // Over the current version it listed: the server refuses if another was stored since.
    expect(restores).toEqual(['2?current=5']);
    expect(onRestored).toHaveBeenCalledWith(expect.objectContaining({ currentVersion: 6 }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The history is asked for again, to show the new version.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/documents/9/versions').length).toBeGreaterThan(1);
  });

  it('counts the version the editor saved just before the restore as seen, though the list showed the one before', async () => {
    const { restores } = historyServer();
    const user = userEvent.setup();
    let saved = 5;
    const beforeLeave = async () => {
      saved = 6; // the editor's save of what was typed
      return true;
    };
    renderWithProviders(<VersionHistorySheet documentId={DOCUMENT_ID} open onOpenChange={() => {}} beforeLeave={beforeLeave} savedVersion={() => saved} />);

    await user.click(within(await row(2)).getByRole('button', { name: 'Restore version 2' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await vi.waitFor(() => expect(restores).toEqual(['2?current=6']));
  });

  it('says why when the server refuses because a version was stored since the list was shown', async () => {
    historyServer({ movedOn: true });
    const onRestored = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VersionHistorySheet documentId={DOCUMENT_ID} open onOpenChange={() => {}} onRestored={onRestored} />);

    await user.click(within(await row(2)).getByRole('button', { name: 'Restore version 2' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(MOVED_ON)).toBeTruthy();
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('does not restore when the editor could not save first and the person stays', async () => {
    const { restores } = historyServer();
    const user = userEvent.setup();
    renderWithProviders(<VersionHistorySheet documentId={DOCUMENT_ID} open onOpenChange={() => {}} beforeLeave={async () => false} />);

    await user.click(within(await row(3)).getByRole('button', { name: 'Restore version 3' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(restores).toEqual([]);
  });
});
