/**
 * The load benchmark's request mix (bench/load.bench.ts) as autocannon requests: every connection
 * goes round CYCLE, each request on behalf of the next user in turn (its cookie, its address), and
 * each answer is counted under its route: status, latency, and for the writes what was
 * acknowledged, so that it can be checked afterwards (load-verify.ts).
 */
import type autocannon from 'autocannon';
import { DOCX, multipart } from '../../tests/support/multipart';
import { type LoadUser, cookiesOf, jsonHeaders, smallDocx, visitorAddress } from './load-users';

export type Route = 'sign-in' | 'list' | 'get' | 'chat' | 'upload' | 'waitlist';

export const ROUTES: Record<Route, string> = {
  'sign-in': 'POST /api/auth/login',
  list: 'GET /api/documents',
  get: 'GET /api/documents/:id',
  chat: 'POST /api/documents/:id/chat (SSE)',
  upload: 'POST /api/documents/upload',
  waitlist: 'POST /api/waitlist',
};

/**
 * What one connection does, over and over: mostly reading the document list and opening a
 * document, now and then a question to the assistant, an upload, a sign-in and a visitor joining
 * the waitlist (8 : 8 : 2 : 1 : 1 : 1).
 */
const CYCLE: Route[] = ['list', 'get', 'list', 'chat', 'get', 'list', 'get', 'upload', 'list', 'get', 'sign-in', 'list', 'get', 'chat', 'list', 'get', 'waitlist', 'list', 'get', 'list', 'get'];

export type UploadAck = { user: LoadUser; id: number; bytes: Uint8Array };
/** A question the server took (the stream opened); `answerId` once it said `done`. */
export type ChatAck = { user: LoadUser; documentId: number; content: string; answerId: number | undefined };

type Pending = { upload?: { user: LoadUser; bytes: Uint8Array }; chat?: { user: LoadUser; documentId: number; content: string }; signIn?: LoadUser };

/** Counts per route for one autocannon run. */
export class Recorder {
  readonly latencies = new Map<Route, number[]>();
  readonly statuses = new Map<Route, Map<string, number>>();
  /** Set by the request's onResponse, read by the 'response' event autocannon fires right after it, in the same call. */
  private last: Route | undefined;

  answered(route: Route, status: string) {
    this.last = route;
    const counts = this.statuses.get(route) ?? new Map<string, number>();
    counts.set(status, (counts.get(status) ?? 0) + 1);
    this.statuses.set(route, counts);
  }

  timed(ms: number) {
    if (this.last === undefined) return;
    const list = this.latencies.get(this.last) ?? [];
    list.push(ms);
    this.latencies.set(this.last, list);
    this.last = undefined;
  }
}

/** The answer's event stream: how it ended (`done`, or `error` with its code) and the stored answer's id. */
export function chatOutcome(body: string): { ended: string; answerId: number | undefined } {
  const events = [...body.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].filter((m) => m[1] !== 'token');
  const last = events.at(-1);
  if (!last) return { ended: 'no end event', answerId: undefined };
  let data: { id?: number; code?: string; chatMessage?: { id: number } };
  try {
    data = JSON.parse(last[2]!) as typeof data;
  } catch {
    return { ended: `unreadable ${last[1]} event`, answerId: undefined };
  }
  if (last[1] === 'done') return { ended: 'done', answerId: data.id };
  return { ended: `error ${data.code}`, answerId: data.chatMessage?.id };
}

const headerValues = (headers: autocannon.Request['headers'], name: string): string[] => {
  const entry = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return value === undefined ? [] : Array.isArray(value) ? value : [String(value)];
};

export class Mix {
  readonly uploads: UploadAck[] = [];
  readonly chats: ChatAck[] = [];
  recorder = new Recorder();
  private turn = 0;
  private sequence = 0;

  constructor(
    private readonly url: string,
    private readonly runId: string,
    private readonly users: LoadUser[],
  ) {}

  private nextUser() {
    return this.users[this.turn++ % this.users.length]!;
  }

  private build(route: Route, request: autocannon.Request, pending: Pending): autocannon.Request {
    const n = ++this.sequence;
    if (route === 'waitlist') {
      const visitor = { name: 'Load visitor', email: `visitor-${this.runId}-${n}@example.com`, useCase: 'Reviewing supplier contracts before signing them.' };
      return { ...request, method: 'POST', path: '/api/waitlist', headers: jsonHeaders(this.url, visitorAddress(n)), body: JSON.stringify(visitor) };
    }
    const user = this.nextUser();
    const headers = { cookie: user.cookie, 'x-forwarded-for': user.address };
    const documentId = user.documentIds[n % user.documentIds.length]!;
    switch (route) {
      case 'list':
        return { ...request, method: 'GET', path: '/api/documents', headers };
      case 'get':
        return { ...request, method: 'GET', path: `/api/documents/${documentId}`, headers };
      case 'sign-in':
        pending.signIn = user;
        return { ...request, method: 'POST', path: '/api/auth/login', headers: jsonHeaders(this.url, user.address), body: JSON.stringify({ email: user.email, password: user.password }) };
      case 'chat': {
        const content = `Question ${this.runId}-${n}: when must the customer pay an invoice?`;
        pending.chat = { user, documentId, content };
        return {
          ...request,
          method: 'POST',
          path: `/api/documents/${documentId}/chat`,
          headers: { ...jsonHeaders(this.url, user.address, user.cookie), accept: 'text/event-stream' },
          body: JSON.stringify({ content }),
        };
      }
      case 'upload': {
        const bytes = smallDocx(`upload ${this.runId}-${n}`);
        pending.upload = { user, bytes };
        const form = multipart({ filename: `Upload ${n}.docx`, type: DOCX, bytes });
        return { ...request, method: 'POST', path: '/api/documents/upload', headers: { ...headers, ...form.headers, origin: this.url }, body: form.payload };
      }
    }
  }

  private answered(route: Route, status: number, body: string, pending: Pending, headers: autocannon.Request['headers']) {
    let label = String(status);
    if (route === 'upload' && status === 201 && pending.upload) {
      this.uploads.push({ ...pending.upload, id: (JSON.parse(body) as { id: number }).id });
    } else if (route === 'chat' && status === 200 && pending.chat) {
      const { ended, answerId } = chatOutcome(body);
      // The question is stored before the stream opens: a 200 acknowledges it, whatever the answer.
      this.chats.push({ ...pending.chat, answerId });
      if (ended !== 'done') label = `200 ${ended}`;
    } else if (route === 'sign-in' && status === 200 && pending.signIn) {
      // Signed in again: the user's next requests carry the new session, as a browser's would.
      const cookies = headerValues(headers, 'set-cookie');
      if (cookies.length > 0) pending.signIn.cookie = cookiesOf(cookies);
    }
    delete pending.upload;
    delete pending.chat;
    delete pending.signIn;
    this.recorder.answered(route, label);
  }

  /** One autocannon request per step of CYCLE; `context` is autocannon's, one per connection. */
  requests(): autocannon.Request[] {
    return CYCLE.map((route) => ({
      setupRequest: (request, context) => this.build(route, request, context as Pending),
      onResponse: (status, body, context, headers) => this.answered(route, status, body, context as Pending, headers),
    }));
  }
}
