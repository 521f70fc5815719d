import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ComparisonJson, Version } from '@common/schemas/versions';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../../tests/support/component';
import { CompareView } from './compare-view';

const version = (n: number, current = false): Version => ({
  version: n,
  createdAt: new Date().toISOString(),
  author: null,
  kind: 'save',
  restoredFrom: null,
  conflict: false,
  current,
  byteSize: 4000,
  summary: null,
});

const COMPARISON: ComparisonJson = {
  paragraphs: [
    {
      kind: 'changed',
      part: 'word/document.xml',
      indexA: 0,
      indexB: 0,
      words: [
        { op: 'equal', text: 'Rent is due on the ' },
        { op: 'delete', text: 'first' },
        { op: 'insert', text: 'fifth' },
        { op: 'equal', text: ' day.' },
      ],
      formatting: [],
    },
    { kind: 'changed', part: 'word/document.xml', indexA: 1, indexB: 1, words: [{ op: 'equal', text: 'Pets are allowed.' }], formatting: ['bold'] },
    { kind: 'moved', part: 'word/document.xml', indexA: 4, indexB: 2, text: 'Either party may end it.', words: [] },
  ],
  totals: { changed: 1, inserted: 0, deleted: 0, moved: 1, formatting: 1, wordsInserted: 1, wordsDeleted: 1 },
};

function compareServer() {
  const compared: string[] = [];
  stubFetch((url) => {
    if (url === '/api/documents/9/versions') return jsonResponse([version(3, true), version(2), version(1)]);
    if (url.startsWith('/api/documents/9/compare?')) {
      compared.push(url);
      return jsonResponse(COMPARISON);
    }
    return undefined;
  });
  return compared;
}

describe('the compare view', () => {
  it('shows inserted and deleted words as <ins> and <del>, with words saying which', async () => {
    const compared = compareServer();
    renderWithProviders(<CompareView documentId={9} documentName="Lease.docx" from={1} to={3} onSelect={() => {}} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Lease.docx' })).toBeTruthy();
    expect(screen.getByText('Comparing version 1 with version 3')).toBeTruthy();
    expect((await screen.findByTestId('compare-totals')).textContent).toBe('1 changed · 1 moved · 1 reformatted · +1 −1 words');
    expect(compared).toEqual(['/api/documents/9/compare?from=1&to=3']);

    const [first, second, third] = screen.getAllByTestId('paragraph-change');
    expect(first!.querySelector('ins')?.textContent).toBe('inserted: fifth');
    expect(first!.querySelector('del')?.textContent).toBe('deleted: first');
    expect(within(second!).getByText('Formatting changed: bold')).toBeTruthy();
    expect(second!.textContent).toContain('Formatting only');
    expect(third!.textContent).toContain('Moved · from paragraph 5 to paragraph 3');
    expect(screen.getByRole('link', { name: 'Download redline (.docx)' }).getAttribute('href')).toBe('/api/documents/9/compare?from=1&to=3&format=docx');
    expect(screen.getByRole('link', { name: 'Back to the editor' }).getAttribute('href')).toBe('/editor/9');
  });

  it('moves to each change in turn, focusing it and saying which it is', async () => {
    compareServer();
    const user = userEvent.setup();
    renderWithProviders(<CompareView documentId={9} documentName="Lease.docx" from={1} to={3} onSelect={() => {}} />);

    await screen.findByTestId('compare-totals');
    const position = screen.getByTestId('change-position');
    expect(position.textContent).toBe('3 changes');
    const changes = screen.getAllByTestId('paragraph-change');
    await user.click(screen.getByRole('button', { name: 'Next change' }));
    expect(position.textContent).toBe('Change 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next change' }));
    expect(position.textContent).toBe('Change 2 of 3');
    expect(document.activeElement).toBe(changes[1]);
    await user.click(screen.getByRole('button', { name: 'Next change' }));
    expect((screen.getByRole('button', { name: 'Next change' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous change' }));
    expect(position.textContent).toBe('Change 2 of 3');
    expect(document.activeElement).toBe(changes[1]);
  });

  it('without versions in the address, compares the current version with the one before it', async () => {
    const compared = compareServer();
    const onSelect = vi.fn();
    renderWithProviders(<CompareView documentId={9} documentName="Lease.docx" from={null} to={null} onSelect={onSelect} />);
    expect(await screen.findByText('Comparing version 2 with version 3')).toBeTruthy();
    await screen.findByTestId('compare-totals');
    expect(compared).toEqual(['/api/documents/9/compare?from=2&to=3']);
  });
});
