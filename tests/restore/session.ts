/**
 * A signed-in person talking to a running server over real HTTP, as the browser does: JSON,
 * the upload's multipart body, the editor's save, and downloads as bytes.
 */
import { DOCX, multipart } from '../support/multipart';

export type Account = { name: string; email: string; password: string };
export type Answer = { status: number; headers: Headers; text: string; bytes: Uint8Array };

export class Session {
  private constructor(
    readonly url: string,
    private readonly cookie: string,
  ) {}

  static async register(url: string, account: Account): Promise<void> {
    const res = await postJson(url, '/api/auth/register', account);
    if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  }

  static async signIn(url: string, account: Pick<Account, 'email' | 'password'>): Promise<Session> {
    const res = await postJson(url, '/api/auth/login', { email: account.email, password: account.password });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
    return new Session(url, res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '));
  }

  async get(path: string): Promise<Answer> {
    return answer(await fetch(`${this.url}${path}`, { headers: { cookie: this.cookie } }));
  }

  async getJson<T>(path: string): Promise<T> {
    const res = await this.get(path);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`);
    return JSON.parse(res.text) as T;
  }

  /** Uploads a .docx; the new document's id. */
  async upload(filename: string, bytes: Uint8Array): Promise<number> {
    const body = multipart({ filename, type: DOCX, bytes });
    const res = await answer(await fetch(`${this.url}/api/documents/upload`, { method: 'POST', headers: { ...body.headers, cookie: this.cookie }, body: body.payload }));
    if (res.status !== 201) throw new Error(`upload ${filename}: ${res.status} ${res.text}`);
    return (JSON.parse(res.text) as { id: number }).id;
  }

  /** Saves edited bytes on `base`, as the editor does; the version stored. */
  async save(id: number, base: number, bytes: Uint8Array): Promise<number> {
    const res = await answer(
      await fetch(`${this.url}/api/documents/${id}/content`, {
        method: 'PUT',
        headers: { cookie: this.cookie, 'content-type': DOCX, 'x-base-version': String(base) },
        body: Buffer.from(bytes),
      }),
    );
    if (res.status !== 200) throw new Error(`save ${id}: ${res.status} ${res.text}`);
    return (JSON.parse(res.text) as { currentVersion: number }).currentVersion;
  }
}

function postJson(url: string, path: string, body: unknown) {
  return fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function answer(res: Response): Promise<Answer> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder().decode(bytes) };
}
