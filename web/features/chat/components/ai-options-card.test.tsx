import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventStream, jsonResponse, renderWithProviders, stubFetch } from '../../../../tests/support/component';
import { FakeEditor } from '../../../../tests/support/fake-editor';
import { ChatPanel } from './chat-panel';

const CHAT_URL = '/api/documents/5/chat';
const SELECTION = 'The Tenant shall pay the rent on the first day of each month.';

/** The card lives in the chat panel, which opens and closes it as the document's selection changes. */
async function setup() {
  const posts: unknown[] = [];
  stubFetch((url, init) => {
    if (url !== CHAT_URL) return undefined;
    if (init.method !== 'POST') return jsonResponse([]);
    posts.push(JSON.parse(String(init.body)));
    return eventStream().response();
  });
  const editor = new FakeEditor();
  renderWithProviders(<ChatPanel documentId={5} editor={editor} />);
  await screen.findByText(/Ask a question about the document/);
  return { editor, posts, user: userEvent.setup() };
}

const card = () => screen.queryByRole('region', { name: 'AI Editing Options' });

describe('AI Editing Options card', () => {
  it('opens when text is selected in the document, with the selection and the six actions', async () => {
    const { editor } = await setup();
    expect(card()).toBeNull();

    act(() => editor.select(SELECTION));

    const shown = await screen.findByRole('region', { name: 'AI Editing Options' });
    expect(within(shown).getByText(`“${SELECTION}”`)).toBeTruthy();
    const actions = within(shown)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((name) => name !== '');
    expect(actions).toEqual(['Explain', 'Rewrite', 'Improve', 'Simplify', 'Summarize', 'Proofread']);
  });

  it('closes when the selection becomes empty', async () => {
    const { editor } = await setup();
    act(() => editor.select(SELECTION));
    await screen.findByRole('region', { name: 'AI Editing Options' });

    act(() => editor.select(''));

    await waitFor(() => expect(card()).toBeNull());
  });

  it('stays closed for a selection of only white space', async () => {
    const { editor } = await setup();
    act(() => editor.select('   \n'));
    // Long enough for a fade-in to have started and finished.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(card()).toBeNull();
  });

  it('sends the canned request with the selected text and closes when an action is chosen', async () => {
    const { editor, posts, user } = await setup();
    act(() => editor.select(SELECTION));
    const shown = await screen.findByRole('region', { name: 'AI Editing Options' });

    await user.click(within(shown).getByRole('button', { name: 'Proofread' }));

    await waitFor(() => expect(posts).toEqual([{ content: `Proofread this text: "${SELECTION}"`, action: 'proofread', selection: SELECTION }]));
    await waitFor(() => expect(card()).toBeNull());
    expect(screen.getByText(`Proofread this text: "${SELECTION}"`)).toBeTruthy();
  });
});
