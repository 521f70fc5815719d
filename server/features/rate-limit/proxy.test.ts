/**
 * Behind a reverse proxy, the client's address and scheme come in X-Forwarded-* headers, which
 * anyone can also send. TRUST_PROXY says whose to believe: with it off, a forged header changes
 * nothing; with the proxy trusted, each client behind it is limited on its own. PUBLIC_URL, when
 * set, is the site's address: the session cookie is Secure when it is https, and it is the one
 * origin a state-changing request may come from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../../../tests/support/agent';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const limits = { rates: { waitlistPerIp: { max: 2 } } };
let n = 0;
const signUp = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) => {
  n += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    remoteAddress,
    headers,
    payload: { name: 'Proxy Test', email: `proxy-${n}-${Date.now()}@example.com`, useCase: 'Reviewing contracts for clients.' },
  });
};

describe('with TRUST_PROXY off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits });
  });
  afterAll(() => t.close());

  it('a forged X-Forwarded-For does not change the rate-limit key', async () => {
    expect((await signUp(t, '198.51.100.7', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(201);
    expect((await signUp(t, '198.51.100.7', { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(201);
    expect((await signUp(t, '198.51.100.7', { 'x-forwarded-for': '203.0.113.3' })).statusCode).toBe(429);
  });

  it('a forged X-Forwarded-Proto does not make the session cookie Secure', async () => {
    const account = newAccount('proxy');
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-forwarded-proto': 'https' }, payload: { email: account.email, password: account.password } });
    expect(login.statusCode).toBe(200);
    expect(String(login.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });
});

describe('with the proxy trusted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits, env: { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' } });
  });
  afterAll(() => t.close());

  it('limits two clients behind one proxy separately', async () => {
    const a = { 'x-forwarded-for': '203.0.113.10' };
    const b = { 'x-forwarded-for': '203.0.113.20' };
    expect((await signUp(t, '10.0.0.5', a)).statusCode).toBe(201);
    expect((await signUp(t, '10.0.0.5', a)).statusCode).toBe(201);
    expect((await signUp(t, '10.0.0.5', a)).statusCode).toBe(429);
    expect((await signUp(t, '10.0.0.5', b)).statusCode).toBe(201);
  });

  it('believes the header only from the proxies it names', async () => {
    const forged = { 'x-forwarded-for': '203.0.113.99' };
    expect((await signUp(t, '198.51.100.50', { 'x-forwarded-for': '203.0.113.30' })).statusCode).toBe(201);
    expect((await signUp(t, '198.51.100.50', { 'x-forwarded-for': '203.0.113.31' })).statusCode).toBe(201);
    expect((await signUp(t, '198.51.100.50', forged)).statusCode).toBe(429);
  });

  it("takes the client's scheme from the proxy: a sign-in over HTTPS gets a Secure cookie", async () => {
    const account = newAccount('proxy');
    await t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '10.0.0.5', payload: account });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.40' },
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/;\s*Secure/i);
  });
});

describe('with a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('takes the address the nearest proxy saw, whatever the client put before it', async () => {
    // The client forges a first entry; the proxy appends the address it really saw.
    const via = (seen: string) => ({ 'x-forwarded-for': `1.2.3.4, ${seen}` });
    expect((await signUp(t, '10.0.0.5', via('203.0.113.50'))).statusCode).toBe(201);
    expect((await signUp(t, '10.0.0.5', via('203.0.113.50'))).statusCode).toBe(201);
    expect((await signUp(t, '10.0.0.5', via('203.0.113.50'))).statusCode).toBe(429);
    expect((await signUp(t, '10.0.0.5', via('203.0.113.51'))).statusCode).toBe(201);
  });
});

// The site's own address, where a proxy passes requests on to an internal one: the cookie and the
// origin check follow PUBLIC_URL, not the address the request reached the server on.
describe('with PUBLIC_URL=https://redraft.example', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits, env: { PUBLIC_URL: 'https://redraft.example' } });
  });
  afterAll(() => t.close());

  it('a sign-in over plain HTTP, with no proxy trusted, gets a Secure cookie', async () => {
    const account = newAccount('proxy');
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
    expect(login.statusCode).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/;\s*Secure/i);
  });

  it("accepts a POST from the site's origin that reached the server as internal:3000", async () => {
    expect((await signUp(t, '198.51.100.60', { origin: 'https://redraft.example', host: 'internal:3000' })).statusCode).toBe(201);
  });

  it('refuses a POST whose Origin is the internal address rather than the site', async () => {
    const response = await signUp(t, '198.51.100.61', { origin: 'http://internal:3000', host: 'internal:3000' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'forbidden' } });
  });
});
