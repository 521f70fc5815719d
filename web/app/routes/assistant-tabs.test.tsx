/**
 * The side panel's two tabs as the editor screen shows them: the chat (unchanged) and the review,
 * each kept while the other shows, with one 'Suggest edits' for both.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Review } from '@common/schemas/review';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../tests/support/component';
import { FakeEditor } from '../../../tests/support/fake-editor';
import { AssistantTabs } from './assistant-tabs';

const REVIEW: Review = {
  id: 11,
  documentId: 5,
  version: 3,
  stale: false,
  status: 'complete',
  coverage: { reviewed: 12, total: 12 },
  findings: [
    {
      id: 'f1',
      rule: 'repeated-words',
      ruleLabel: 'Repeated words',
      paragraph: { number: 4, paraId: '0000ABCD', part: 'body', start: 'The Tenant shall' },
      quote: 'the the',
      offset: 22,
      reason: '"the" is repeated.',
      replacement: 'the',
      source: 'offline',
      status: 'open',
    },
  ],
  dropped: 0,
  failures: [],
  createdAt: '2025-03-01T10:00:00.000Z',
};

function setup() {
  const requests: string[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    requests.push(`${method} ${url}`);
    if (url === '/api/documents/5/chat' && method === 'GET') return jsonResponse([]);
    if (url === '/api/documents/5/review' && method === 'GET') return jsonResponse(REVIEW);
    if (url === '/api/documents/5/review/11/findings/f1' && method === 'PATCH') return jsonResponse({ ...REVIEW, findings: [{ ...REVIEW.findings[0]!, status: 'applied' }] });
    return undefined;
  });
  const editor = new FakeEditor();
  renderWithProviders(<AssistantTabs documentId={5} adapter={editor} />);
  return { editor, requests, reviewGets: () => requests.filter((r) => r === 'GET /api/documents/5/review').length, user: userEvent.setup() };
}

describe('the assistant panel tabs', () => {
  it('opens on the chat as it was, and loads the latest review only when the Review tab opens, and again each time', async () => {
    const { reviewGets, user } = setup();
    expect(screen.getByRole('tab', { name: 'Chat', selected: true })).toBeTruthy();
    expect(await screen.findByText(/Ask a question about the document/)).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Chat' })).toBeTruthy();
    expect(reviewGets()).toBe(0);

    await user.click(screen.getByRole('tab', { name: 'Review' }));

    const panel = screen.getByRole('tabpanel', { name: 'Review' });
    expect(await within(panel).findByText('Reviewed 12 of 12 paragraphs')).toBeTruthy();
    expect(reviewGets()).toBe(1);
    // The chat is only hidden: what it holds survives the switch.
    expect(screen.queryByRole('tabpanel', { name: 'Chat' })).toBeNull();
    expect(screen.getByPlaceholderText('Ask anything...', { exact: true })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Chat' }));
    await user.click(screen.getByRole('tab', { name: 'Review' }));
    await waitFor(() => expect(reviewGets()).toBe(2));
  });

  it('moves between the tabs with the arrow keys', async () => {
    const { user } = setup();
    await screen.findByText(/Ask a question about the document/);
    screen.getByRole('tab', { name: 'Chat' }).focus();

    await user.keyboard('{ArrowRight}');

    expect(screen.getByRole('tab', { name: 'Review', selected: true })).toBe(document.activeElement);
    expect(await screen.findByRole('button', { name: 'Review document' })).toBeTruthy();
  });

  it("shares 'Suggest edits': switched on in the chat, the review's Apply writes a tracked change", async () => {
    const { editor, user } = setup();
    await screen.findByText(/Ask a question about the document/);
    await user.click(screen.getByRole('switch', { name: 'Suggest edits' }));

    await user.click(screen.getByRole('tab', { name: 'Review' }));
    const panel = screen.getByRole('tabpanel', { name: 'Review' });
    expect(within(panel).getByRole('switch', { name: 'Suggest edits' }).getAttribute('aria-checked')).toBe('true');
    await user.click(await within(panel).findByRole('button', { name: 'Apply' }));

    expect(editor.replaceSelection).toHaveBeenCalledWith('the', { suggest: true, exact: true });
  });
});
