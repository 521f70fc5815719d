/**
 * One person's browser against the cluster, over real HTTP: a cookie jar and the site's Origin,
 * with each request addressed to nginx or, to pin it, straight to one instance's own port.
 */
import { newAccount } from '../support/agent';
import { DOCX, multipart } from '../support/multipart';

export type Answer = { status: number; headers: Headers; bytes: Buffer; json: () => unknown };

export class Browser {
  private readonly jar = new Map<string, string>();

  /**
   * `site` is the address the person typed (nginx), sent as Origin as a browser does on a POST.
   * `clientAddress`, when given, is this person's address as a proxy would report it.
   */
  constructor(
    private readonly site: string,
    private readonly clientAddress?: string,
  ) {}

  /** Another browser holding the same cookies: a copied session cookie, replayed. */
  copy(): Browser {
    const other = new Browser(this.site, this.clientAddress);
    for (const [name, value] of this.jar) other.jar.set(name, value);
    return other;
  }

  async request(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer<ArrayBuffer> | string } = {}): Promise<Answer> {
    const method = init.method ?? 'GET';
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(method === 'GET' ? {} : { origin: this.site }),
        ...(cookie ? { cookie } : {}),
        ...(this.clientAddress ? { 'x-forwarded-for': this.clientAddress } : {}),
        ...init.headers,
      },
      body: init.body,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
  }

  post(base: string, path: string, body: unknown) {
    return this.request(base, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  upload(base: string, filename: string, bytes: Uint8Array) {
    const { payload, headers } = multipart({ filename, type: DOCX, bytes });
    return this.request(base, '/api/documents/upload', { method: 'POST', headers, body: payload });
  }

  /** The editor's save: its .docx, and the version it was opened at. */
  save(base: string, id: number, baseVersion: number, bytes: Uint8Array) {
    return this.request(base, `/api/documents/${id}/content`, {
      method: 'PUT',
      headers: { 'content-type': DOCX, 'x-base-version': String(baseVersion) },
      body: Buffer.from(bytes),
    });
  }

  /** What the editor opens: the editable copy and its version. */
  async open(base: string, id: number): Promise<{ version: number; bytes: Buffer }> {
    const res = await this.request(base, `/api/documents/${id}/content`);
    if (res.status !== 200) throw new Error(`opening document ${id} answered ${res.status}: ${res.bytes.toString()}`);
    return { version: Number(res.headers.get('x-document-version')), bytes: res.bytes };
  }
}

/** Registers a new account through `base` and signs in there; the browser holds the session. */
export async function signedUp(site: string, base: string, clientAddress?: string) {
  const browser = new Browser(site, clientAddress);
  const account = newAccount('cluster');
  const registered = await browser.post(base, '/api/auth/register', account);
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.bytes.toString()}`);
  const login = await browser.post(base, '/api/auth/login', { email: account.email, password: account.password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.bytes.toString()}`);
  return { browser, account, user: login.json() as { id: number } };
}
