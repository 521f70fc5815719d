/**
 * A cookie-keeping client over app.inject(), so a test reads like a browser session.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export type Agent = ReturnType<typeof agent>;

export function agent(app: FastifyInstance, options: { ip?: string } = {}) {
  const jar = new Map<string, string>();
  const request = async (opts: InjectOptions): Promise<LightMyRequestResponse> => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({
      ...opts,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: { ...(cookie ? { cookie } : {}), ...(opts.headers ?? {}) },
    });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired || c.value === '') jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  return {
    jar,
    get: (url: string, headers?: Record<string, string>) => request({ method: 'GET', url, headers }),
    delete: (url: string, headers?: Record<string, string>) => request({ method: 'DELETE', url, headers }),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers }),
    put: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], headers }),
    patch: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'], headers }),
    request,
  };
}

let counter = 0;
/** A unique, valid account for one test. */
export function newAccount(prefix = 'user') {
  counter += 1;
  const tag = `${prefix}${counter}-${Math.random().toString(36).slice(2, 8)}`;
  return { name: `Test ${tag}`, email: `${tag}@example.com`, password: `pw-${tag}-secret` };
}

/**
 * Registers and signs in; returns the signed-in agent and its account. Registration answers
 * `{ ok: true }` whether or not the email was new, so the user comes from the sign-in, as in the web app.
 */
export async function signedIn(app: FastifyInstance, prefix = 'user') {
  const a = agent(app);
  const account = newAccount(prefix);
  const reg = await a.post('/api/auth/register', account);
  if (reg.statusCode !== 201 || reg.body !== '{"ok":true}') throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const login = await a.post('/api/auth/login', { email: account.email, password: account.password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { agent: a, account, user: login.json() as { id: number; role: string } };
}
