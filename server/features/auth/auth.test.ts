import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, newAccount, signedIn } from '../../../tests/support/agent';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
});
afterAll(() => t.close());

describe('register', () => {
  it('with ADMIN_EMAILS set, the first account is not staff: the list is the only way (staff.test.ts has a fresh instance)', async () => {
    const first = newAccount('first');
    const res = await agent(t.app).post('/api/auth/register', first);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const login = await agent(t.app).post('/api/auth/login', { email: first.email, password: first.password });
    expect(login.json()).toMatchObject({ role: 'user' });
    expect(Object.keys(login.json()).sort()).toEqual(['createdAt', 'email', 'id', 'name', 'role']);
    for (const r of [res, login]) expect(r.body).not.toMatch(/argon2|password/i);
  });

  it('makes an ADMIN_EMAILS address staff', async () => {
    await agent(t.app).post('/api/auth/register', { name: 'Boss', email: 'Boss@Example.com', password: 'secret12' });
    const login = await agent(t.app).post('/api/auth/login', { email: 'boss@example.com', password: 'secret12' });
    expect(login.json()).toMatchObject({ role: 'staff', email: 'boss@example.com' });
  });

  it('answers a taken email, in any letter case, exactly as a new one, and keeps the account as it was', async () => {
    const account = newAccount('dup');
    const fresh = await agent(t.app).post('/api/auth/register', account);
    const again = await agent(t.app).post('/api/auth/register', { ...account, name: 'Someone Else', email: account.email.toUpperCase(), password: 'another-password' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(fresh.body);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await agent(t.app).post('/api/auth/login', { email: account.email, password: 'another-password' })).statusCode).toBe(401);
    const owner = await agent(t.app).post('/api/auth/login', { email: account.email, password: account.password });
    expect(owner.json()).toMatchObject({ name: account.name });
  });

  it.each([
    [{ name: 'A', email: 'a@example.com', password: 'secret1' }, 'Name must be at least 2 characters'],
    [{ name: 'Ann', email: 'not-an-email', password: 'secret1' }, 'Please enter a valid email address'],
    [{ name: 'Ann', email: 'ann@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'ann@example.com', password: 'secret1' }, 'Name must be at least 2 characters'],
  ])('rejects %j with 400 and the message of docs/product.md §5', async (payload, message) => {
    const res = await agent(t.app).post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.details.issues.map((i: { message: string }) => i.message)).toContain(message);
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, 'Please enter a valid email address'],
    [{ email: 'ann@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'ann@example.com' }, 'Password must be at least 6 characters'],
  ])('refuses the login %j with 400 and the message of docs/product.md §5', async (payload, message) => {
    const res = await agent(t.app).post('/api/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.details.issues.map((i: { message: string }) => i.message)).toContain(message);
  });

  it('rejects unknown fields and non-JSON bodies and creates nothing', async () => {
    const account = newAccount('extra');
    const res = await agent(t.app).post('/api/auth/register', { ...account, role: 'staff' });
    expect(res.statusCode).toBe(400);
    const text = await agent(t.app).request({
      method: 'POST',
      url: '/api/auth/register',
      payload: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const login = await agent(t.app).post('/api/auth/login', { email: account.email, password: account.password });
    expect(login.statusCode).toBe(401);
  });
});

describe('login, session and logout', () => {
  it('signs in with a cookie that is HttpOnly, SameSite=Lax and lasts 30 days', async () => {
    const account = newAccount();
    const a = agent(t.app);
    await a.post('/api/auth/register', account);
    const res = await a.post('/api/auth/login', { email: account.email, password: account.password });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await a.get('/api/auth/user');
    expect(me.json()).toMatchObject({ email: account.email, name: account.name, role: expect.any(String) });
  });

  it('answers one generic 401 for an unknown email and for a wrong password', async () => {
    const { account } = await signedIn(t.app);
    const wrongPassword = await agent(t.app).post('/api/auth/login', { email: account.email, password: 'wrong-password' });
    const unknown = await agent(t.app).post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
  });

  it('logout deletes the session on the server: the old cookie answers 401', async () => {
    const { agent: a } = await signedIn(t.app);
    const stolen = [...a.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await a.post('/api/auth/logout')).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: stolen } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe('Not authenticated');
  });

  it('answers 401 without a cookie and with a forged one', async () => {
    expect((await agent(t.app).get('/api/auth/user')).statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: 'redraft_session=forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses the eleventh rapid wrong login for one account from one address with 429 and a retry time; the owner elsewhere still signs in', async () => {
    const { account } = await signedIn(t.app);
    const stranger = agent(t.app, { ip: '10.0.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await stranger.post('/api/auth/login', { email: account.email, password: 'wrong-password' })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const last = await stranger.post('/api/auth/login', { email: account.email, password: account.password });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toMatch(/^\d+$/);
    expect(last.json().error.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);

    // Under the old rule (10 per email from anywhere) both of these were locked out too.
    const owner = await agent(t.app).post('/api/auth/login', { email: account.email, password: account.password });
    expect(owner.statusCode).toBe(200);
    const elsewhere = await agent(t.app, { ip: '10.0.0.2' }).post('/api/auth/login', { email: account.email, password: 'wrong-password' });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('refuses a cross-origin POST with 403 and accepts a same-origin one', async () => {
    const { account } = await signedIn(t.app);
    const body = { email: account.email, password: account.password };
    const foreign = await agent(t.app).post('/api/auth/login', body, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
    const crossSite = await agent(t.app).post('/api/auth/login', body, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const same = await agent(t.app).post('/api/auth/login', body, { origin: 'http://localhost:80', host: 'localhost:80' });
    expect(same.statusCode).toBe(200);
  });
});

describe('demo session', () => {
  it('creates an isolated, non-staff demo account that is signed in', async () => {
    const a = agent(t.app, { ip: '10.9.9.9' });
    const res = await a.post('/api/auth/demo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'user', name: 'Demo User' });
    const me = await a.get('/api/auth/user');
    expect(me.json().id).toBe(res.json().id);
    const other = await agent(t.app, { ip: '10.9.9.9' }).post('/api/auth/demo');
    expect(other.json().id).not.toBe(res.json().id);
  });

  it('is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await agent(t.app, { ip: '10.8.8.8' }).post('/api/auth/demo')).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });

  it('cannot be signed into with a password', async () => {
    const demo = (await agent(t.app, { ip: '10.7.7.7' }).post('/api/auth/demo')).json();
    const res = await agent(t.app).post('/api/auth/login', { email: demo.email, password: 'whatever' });
    expect(res.statusCode).toBe(401);
  });
});

describe('secrets', () => {
  it('keeps passwords, hashes and session tokens out of every log line', async () => {
    const { account, agent: a } = await signedIn(t.app);
    await a.get('/api/auth/user');
    const token = [...a.jar.values()][0]!;
    const logs = t.logs();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(account.password);
    expect(logs).not.toContain('$argon2');
    expect(logs).not.toContain(token);
    expect(logs).toMatch(/"reqId":"[0-9a-f-]{36}"/);
  });
});
