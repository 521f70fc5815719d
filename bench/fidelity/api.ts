/**
 * The HTTP API as a script uses it: one session cookie, and the Origin header the server's
 * origin guard wants on every state-changing request (server/http/origin-guard.ts).
 */
import { randomBytes } from 'node:crypto';
import { DOCX, multipart } from '../../tests/support/multipart';

export interface UploadedDocument {
  id: number;
  status: string;
  errorMessage?: string | null;
}

export class Api {
  private cookie = '';
  /** Uploads made in the current account: the server allows 200 an hour per person. */
  uploads = 0;

  constructor(readonly url: string) {}

  /** The session cookie's name and value, for the browser context. */
  get session(): { name: string; value: string } {
    const [name = '', value = ''] = this.cookie.split('=');
    return { name, value };
  }

  async registerAndLogin(): Promise<void> {
    const email = `fidelity-${randomBytes(4).toString('hex')}@example.com`;
    const password = `pw-${randomBytes(8).toString('hex')}`;
    await this.json('POST', '/api/auth/register', { name: 'Fidelity Bench', email, password }, 201);
    await this.json('POST', '/api/auth/login', { email, password }, 200);
    if (!this.cookie) throw new Error('login set no session cookie');
    this.uploads = 0;
  }

  /** Uploads; a refusal at upload (4xx) comes back as status 'refused' with the server's message. */
  async upload(filename: string, bytes: Uint8Array): Promise<UploadedDocument | { id: -1; status: 'refused'; errorMessage: string }> {
    const { payload, headers } = multipart({ filename, type: DOCX, bytes });
    this.uploads++;
    const send = () => fetch(`${this.url}/api/documents/upload`, { method: 'POST', headers: { ...headers, ...this.headers() }, body: payload });
    // A connection left idle while the browser worked (minutes on a large document) can be closed
    // by the server just as it is reused; fetch retries only idempotent requests, so this one is
    // sent again once. Nothing was stored: the server had not read it.
    const res = await send().catch((err: unknown) => {
      if ((err as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw err;
      return send();
    });
    if (res.status !== 201) return { id: -1, status: 'refused', errorMessage: `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}` };
    return (await res.json()) as UploadedDocument;
  }

  /** Polls until processing ends ('complete' or 'error'). */
  async waitProcessed(id: number, timeoutMs = 120_000): Promise<UploadedDocument> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const doc = (await this.json('GET', `/api/documents/${id}`, undefined, 200)) as UploadedDocument;
      if (doc.status === 'complete' || doc.status === 'error') return doc;
      if (Date.now() > deadline) throw new Error(`document ${id} still '${doc.status}' after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The bytes the editor opens (the editable copy of the latest version) and that version. */
  async content(id: number): Promise<{ bytes: Uint8Array; version: number }> {
    const res = await fetch(`${this.url}/api/documents/${id}/content`, { headers: this.headers() });
    if (res.status !== 200) throw new Error(`GET content ${id}: HTTP ${res.status}`);
    return { bytes: new Uint8Array(await res.arrayBuffer()), version: Number(res.headers.get('x-document-version')) };
  }

  /** What a user downloads: the stored blob of the latest version. */
  async download(id: number): Promise<Uint8Array> {
    const res = await fetch(`${this.url}/api/documents/${id}/download`, { headers: this.headers() });
    if (res.status !== 200) throw new Error(`GET download ${id}: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }

  private headers(): Record<string, string> {
    return { origin: this.url, ...(this.cookie ? { cookie: this.cookie } : {}) };
  }

  private async json(method: string, route: string, body: unknown, expected: number): Promise<unknown> {
    const res = await fetch(`${this.url}${route}`, {
      method,
      headers: { ...this.headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('redraft_session='));
    if (set) this.cookie = set.split(';')[0]!;
    if (res.status !== expected) throw new Error(`${method} ${route}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.status === 204 ? null : res.json();
  }
}
