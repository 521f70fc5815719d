import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@common/schemas/chat';
import { eventStream, jsonResponse, renderWithProviders, stubFetch } from '../../../../tests/support/component';
import { FakeEditor } from '../../../../tests/support/fake-editor';
import { ChatPanel } from './chat-panel';

const DOCUMENT_ID = 5;
const CHAT_URL = `/api/documents/${DOCUMENT_ID}/chat`;

const message = (id: number, role: ChatMessage['role'], content: string, meta: ChatMessage['meta'] = null): ChatMessage => ({
  id,
  role,
  content,
  createdAt: '2025-03-01T10:00:00.000Z',
  meta,
});

/**
 * The chat's server: the stored conversation (GET) and one streamed answer per send (POST),
 * whose events the test releases one by one.
 */
function chatServer() {
  let conversation: ChatMessage[] = [];
  const stream = eventStream();
  const posts: unknown[] = [];
  const fetchMock = stubFetch((url, init) => {
    if (url !== CHAT_URL) return undefined;
    if (init.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return stream.response();
    }
    return jsonResponse(conversation);
  });
  return {
    stream,
    posts,
    fetchMock,
    /** What the server has stored once the answer is done. */
    store: (...messages: ChatMessage[]) => {
      conversation = messages;
    },
  };
}

async function setup() {
  const server = chatServer();
  const editor = new FakeEditor();
  renderWithProviders(<ChatPanel documentId={DOCUMENT_ID} editor={editor} />);
  const user = userEvent.setup();
  const input = screen.getByPlaceholderText('Ask anything...') as HTMLTextAreaElement;
  await screen.findByText(/Ask a question about the document/);
  return { server, editor, user, input };
}

const conversation = () => screen.getByRole('region', { name: 'Conversation' });
const messagesFrom = (role: ChatMessage['role']) =>
  within(conversation())
    .queryAllByTestId('chat-message')
    .filter((li) => li.dataset.role === role);

describe('ChatPanel', () => {
  it('clears the input on send and shows the answer token by token as it streams', async () => {
    const { server, user, input } = await setup();

    await user.type(input, 'What is the payment term?{Enter}');

    expect(input.value).toBe('');
    await waitFor(() => expect(server.posts).toEqual([{ content: 'What is the payment term?' }]));
    expect(within(messagesFrom('user')[0]!).getByText('What is the payment term?')).toBeTruthy();
    expect(screen.getByText('Assistant is typing...')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => server.stream.send('token', { text: 'Payment is due ' }));
    await waitFor(() => expect(messagesFrom('assistant')[0]?.textContent).toContain('Payment is due'));
    act(() => server.stream.send('token', { text: 'within 30 days.' }));
    await waitFor(() => expect(messagesFrom('assistant')[0]?.textContent).toContain('Payment is due within 30 days.'));
    expect(screen.getByText('Assistant is typing...')).toBeTruthy();

    const answer = message(2, 'assistant', 'Payment is due within 30 days.');
    server.store(message(1, 'user', 'What is the payment term?'), answer);
    act(() => {
      server.stream.send('done', answer);
      server.stream.close();
    });

    await waitFor(() => expect(screen.queryByText('Assistant is typing...')).toBeNull());
    expect(messagesFrom('user')).toHaveLength(1);
    expect(messagesFrom('assistant')).toHaveLength(1);
    expect(within(messagesFrom('assistant')[0]!).getByRole('button', { name: 'Insert' })).toBeTruthy();
  });

  it('shows a failed answer from the error event, marked as failed and with nothing to insert', async () => {
    const { server, user, input } = await setup();
    await user.type(input, 'Summarize it{Enter}');
    await waitFor(() => expect(server.posts).toHaveLength(1));

    act(() => server.stream.send('token', { text: 'The docu' }));
    await waitFor(() => expect(messagesFrom('assistant')[0]?.textContent).toContain('The docu'));

    const failure = message(2, 'assistant', 'The AI model did not answer in time. Try again.', { error: { code: 'ai_timeout' } });
    server.store(message(1, 'user', 'Summarize it'), failure);
    act(() => {
      server.stream.send('error', { code: 'ai_timeout', message: 'The AI model did not answer in time.', chatMessage: failure });
      server.stream.close();
    });

    await waitFor(() => expect(messagesFrom('assistant')[0]?.textContent).toContain('The AI model did not answer in time. Try again.'));
    const shown = messagesFrom('assistant')[0]!;
    expect(within(shown).getByLabelText('Failed')).toBeTruthy();
    expect(within(shown).queryByRole('button', { name: 'Insert' })).toBeNull();
    await waitFor(() => expect(screen.queryByText('Assistant is typing...')).toBeNull());
    // The stored message is the whole report: no toast calls the answer lost on top of it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('toasts').textContent).toBe('');
    expect(input.value).toBe('');
  });

  it('says in a toast why there is no answer when the error event has no stored message', async () => {
    const { server, user, input } = await setup();
    await user.type(input, 'Summarize it{Enter}');
    await waitFor(() => expect(server.posts).toHaveLength(1));

    act(() => {
      server.stream.send('error', { code: 'ai_failed', message: 'The answer could not be stored.' });
      server.stream.close();
    });

    const toasts = await screen.findByTestId('toasts');
    await waitFor(() => {
      expect(within(toasts).getByText('No answer')).toBeTruthy();
      expect(within(toasts).getByText('The answer could not be stored.')).toBeTruthy();
    });
  });

  it('gives the text back when the message is refused before it was stored', async () => {
    const { server, user, input } = await setup();
    server.fetchMock.mockImplementationOnce(async () => jsonResponse({ error: { code: 'rate_limited', message: 'Too many messages. Wait a minute.' } }, 429));

    await user.type(input, 'Explain clause 4{Enter}');

    await waitFor(() => expect(input.value).toBe('Explain clause 4'));
    const toasts = await screen.findByTestId('toasts');
    await waitFor(() => expect(within(toasts).getByText('Too many messages. Wait a minute.')).toBeTruthy());
    expect(within(toasts).getByText('Message not sent')).toBeTruthy();
  });
});

describe('ChatPanel, with an editor that previews a change before making it', () => {
  const PROOFREAD = { action: 'proofread' as const };

  async function answered() {
    const server = chatServer();
    server.store(message(1, 'user', 'Proofread this text: "recieve"', PROOFREAD), message(2, 'assistant', 'receive', PROOFREAD));
    const editor = new FakeEditor({ previews: true });
    renderWithProviders(<ChatPanel documentId={DOCUMENT_ID} editor={editor} />);
    await waitFor(() => expect(messagesFrom('assistant')).toHaveLength(1));
    return { editor, user: userEvent.setup(), answer: messagesFrom('assistant')[0]! };
  }

  it('Replace previews the answer over the selection with what the action did; Accept makes it, as a tracked change with Suggest edits on', async () => {
    const { editor, user, answer } = await answered();
    await user.click(screen.getByRole('switch', { name: 'Suggest edits' }));
    act(() => editor.select('recieve'));

    await user.click(within(answer).getByRole('button', { name: 'Replace' }));

    expect(editor.previewChange).toHaveBeenCalledWith({ kind: 'replace', text: 'receive', suggest: true, reason: 'Proofread: "recieve" → "receive"' });
    expect(editor.replaceSelection).not.toHaveBeenCalled();
    // One change at a time: the answer cannot be put in again while this one waits.
    expect((within(answer).getByRole('button', { name: 'Replace' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => editor.accept());

    expect(editor.replaceSelection).toHaveBeenCalledWith('receive', { suggest: true });
    await waitFor(() => expect((within(answer).getByRole('button', { name: 'Replace' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('Insert with Suggest edits on previews a tracked insertion, with its reason', async () => {
    const { editor, user, answer } = await answered();
    await user.click(screen.getByRole('switch', { name: 'Suggest edits' }));

    await user.click(within(answer).getByRole('button', { name: 'Insert' }));

    expect(editor.previewChange).toHaveBeenCalledWith({ kind: 'insert', text: 'receive', suggest: true, reason: 'Proofread: spelling, grammar and punctuation corrected' });
  });

  it('Insert previews the answer at the caret; Discard leaves the document as it was', async () => {
    const { editor, user, answer } = await answered();

    await user.click(within(answer).getByRole('button', { name: 'Insert' }));

    expect(editor.previewChange).toHaveBeenCalledWith({ kind: 'insert', text: 'receive', suggest: false, reason: 'Proofread: spelling, grammar and punctuation corrected' });
    act(() => editor.discard());

    await waitFor(() => expect((within(answer).getByRole('button', { name: 'Insert' }) as HTMLButtonElement).disabled).toBe(false));
    expect(editor.insertAtCaret).not.toHaveBeenCalled();
    expect(editor.replaceSelection).not.toHaveBeenCalled();
  });
});
