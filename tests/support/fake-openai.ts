/**
 * A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions protocol, so tests exercise
 * the same network path as Ollama, vLLM or OpenAI: `POST /v1/chat/completions`, streamed as
 * `text/event-stream` chunks ending in `data: [DONE]`, or as one JSON completion.
 * Each test scripts what the next requests get and reads back what was sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeScript =
  /** Answers with these pieces, one chunk each. */
  | { kind: 'reply'; chunks: string[]; delayMs?: number }
  /** Answers with this HTTP status and an OpenAI-style error body. */
  | { kind: 'error'; status: number; message?: string }
  /** Sends these chunks, then nothing more, never finishing. */
  | { kind: 'stall'; chunks: string[] }
  /** Sends these chunks, then destroys the connection. */
  | { kind: 'drop'; chunks: string[] };

export type FakeRequest = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content: string }>;
    [key: string]: unknown;
  };
  /** True once the client hung up before the response was complete. */
  clientClosed: boolean;
};

export type FakeOpenAI = Awaited<ReturnType<typeof startFakeOpenAI>>;

export async function startFakeOpenAI() {
  const queue: FakeScript[] = [];
  let fallback: FakeScript = { kind: 'reply', chunks: ['Hello', ' from', ' the fake model.'] };
  const requests: FakeRequest[] = [];
  let responder: ((request: FakeRequest) => FakeScript | undefined) | undefined;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `No route ${req.url}` } }));
        return;
      }
      const recorded: FakeRequest = { path: req.url, headers: req.headers, body: JSON.parse(raw || '{}'), clientClosed: false };
      requests.push(recorded);
      res.on('close', () => {
        if (!res.writableFinished) recorded.clientClosed = true;
      });
      void respond(queue.shift() ?? responder?.(recorded) ?? fallback, recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The base URL to configure as AI_BASE_URL. */
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    /** Scripts the next request (queued in order); later ones get the default. */
    next(script: FakeScript) {
      queue.push(script);
    },
    setDefault(script: FakeScript) {
      fallback = script;
    },
    /**
     * Answers each request (once the queue is empty) from what it was sent, for requests that
     * arrive in no fixed order, such as a review's chunks; undefined falls back to the default.
     */
    respondWith(fn: ((request: FakeRequest) => FakeScript | undefined) | undefined) {
      responder = fn;
    },
    /** Everything the model was sent in the latest request, system prompt included, as one text. */
    lastPrompt(): string {
      const last = requests.at(-1);
      return (last?.body.messages ?? []).map((m) => `${m.role}: ${m.content}`).join('\n\n');
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      responder = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function respond(script: FakeScript, request: FakeRequest, res: http.ServerResponse) {
  if (script.kind === 'error') {
    res.writeHead(script.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: script.message ?? 'The fake model failed on purpose.', type: 'server_error', code: null } }));
    return;
  }
  const model = request.body.model ?? 'fake';
  if (request.body.stream !== true) {
    if (script.kind !== 'reply') {
      // Non-streamed stalls and drops: headers, then silence or a cut connection.
      res.writeHead(200, { 'content-type': 'application/json' });
      if (script.kind === 'drop') res.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(completion(model, script.chunks.join(''))));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (data: unknown) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  send(chunk(model, { role: 'assistant', content: '' }, null));
  for (const piece of script.chunks) {
    if (res.destroyed) return;
    if (script.kind === 'reply' && script.delayMs) await new Promise((r) => setTimeout(r, script.delayMs));
    send(chunk(model, { content: piece }, null));
  }
  if (script.kind === 'stall') return;
  if (script.kind === 'drop') {
    // Let the chunks reach the client first, then cut the socket without ending the response.
    setTimeout(() => res.socket?.destroy(), 20);
    return;
  }
  send(chunk(model, {}, 'stop'));
  send('[DONE]');
  res.end();
}

const created = () => Math.floor(Date.now() / 1000);

function chunk(model: string, delta: Record<string, string>, finishReason: string | null) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: created(),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

function completion(model: string, content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: created(),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}
