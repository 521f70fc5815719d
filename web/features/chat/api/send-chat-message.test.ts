import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { INTERRUPTED_MESSAGE, sendChatMessage } from './send-chat-message';

const stored = { id: 7, role: 'assistant', content: 'receive', createdAt: '2025-01-01T00:00:00.000Z', meta: null };

/** A streamed answer, cut into the given byte chunks as the network might. */
function streamOf(text: string, cuts: number[] = []) {
  const bytes = new TextEncoder().encode(text);
  const edges = [0, ...cuts, bytes.length];
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < edges.length - 1; i += 1) controller.enqueue(bytes.slice(edges[i], edges[i + 1]));
      controller.close();
    },
  });
}

function answer(body: BodyInit, status = 200) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(body, { status, headers: { 'content-type': 'text/event-stream' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('sendChatMessage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts for an event stream, hands over tokens as they come, and returns the stored answer', async () => {
    const events = `event: token\ndata: {"text":"rec"}\n\nevent: token\ndata: {"text":"eive"}\n\nevent: done\ndata: ${JSON.stringify(stored)}\n\n`;
    const fetchMock = answer(streamOf(events, [5, 31, 40]));
    const tokens: string[] = [];
    const result = await sendChatMessage(3, { content: 'Proofread this text: "recieve"', action: 'proofread', selection: 'recieve' }, { onToken: (t) => tokens.push(t) });
    expect(tokens).toEqual(['rec', 'eive']);
    expect(result).toEqual({ ok: true, message: stored });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/documents/3/chat');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' } });
    expect(JSON.parse(String(init?.body))).toEqual({ content: 'Proofread this text: "recieve"', action: 'proofread', selection: 'recieve' });
  });

  it('reads the same answer however the network cuts it, even inside a character or a CRLF', async () => {
    const events = `event: token\r\ndata: {"text":"Café "}\r\n\r\n: keep-alive\r\n\r\nevent: done\r\ndata: ${JSON.stringify(stored)}\r\n\r\n`;
    const length = new TextEncoder().encode(events).length;
    for (let cut = 1; cut < length; cut += 1) {
      answer(streamOf(events, [cut]));
      const tokens: string[] = [];
      const result = await sendChatMessage(3, { content: 'Hi' }, { onToken: (t) => tokens.push(t) });
      expect({ cut, tokens, result }).toEqual({ cut, tokens: ['Café '], result: { ok: true, message: stored } });
    }
  });

  it('returns the error event with the stored message that explains it', async () => {
    const failure = { code: 'ai_timeout', message: 'The AI model did not answer in time.', chatMessage: { ...stored, meta: { error: { code: 'ai_timeout' } } } };
    answer(streamOf(`event: token\ndata: {"text":"Hal"}\n\nevent: error\ndata: ${JSON.stringify(failure)}\n\n`));
    await expect(sendChatMessage(3, { content: 'Hi' }, { onToken: () => {} })).resolves.toEqual({ ok: false, error: failure });
  });

  it('says the answer was cut off when the stream ends without its final event', async () => {
    answer(streamOf('event: token\ndata: {"text":"Half"}\n\n'));
    await expect(sendChatMessage(3, { content: 'Hi' }, { onToken: () => {} })).rejects.toThrow(INTERRUPTED_MESSAGE);
    // The stream ended inside the final event, before the blank line that completes it.
    answer(streamOf(`event: done\ndata: ${JSON.stringify(stored)}\n`));
    await expect(sendChatMessage(3, { content: 'Hi' }, { onToken: () => {} })).rejects.toThrow(INTERRUPTED_MESSAGE);
  });

  it('turns a refusal before the stream into the api-client error', async () => {
    answer('{"error":{"code":"not_found","message":"Document not found"}}', 404);
    const error = await sendChatMessage(3, { content: 'Hi' }, { onToken: () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"error":{"code":"not_found","message":"Document not found"}}');
  });
});
