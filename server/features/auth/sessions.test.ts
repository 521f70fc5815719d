import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, newAccount, signedIn } from '../../../tests/support/agent';
import { movableClock } from '../../../tests/support/clock';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
const clock = movableClock();
const { advance } = clock;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const cookieOf = (a: ReturnType<typeof agent>) => [...a.jar].map(([k, v]) => `${k}=${v}`).join('; ');
const userWith = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

describe('signing in replaces the session the browser had', () => {
  it('a session id planted in the browser before login is dead after it (session fixation)', async () => {
    const attacker = agent(t.app, { ip: '10.2.0.1' });
    await attacker.post('/api/auth/demo');
    const planted = cookieOf(attacker);
    const account = newAccount('victim');
    await agent(t.app).post('/api/auth/register', account);
    const victim = agent(t.app);
    for (const [k, v] of attacker.jar) victim.jar.set(k, v);

    const login = await victim.post('/api/auth/login', { email: account.email, password: account.password });
    expect(login.statusCode).toBe(200);
    expect(cookieOf(victim)).not.toBe(planted);
    expect((await userWith(planted)).statusCode).toBe(401);
    expect((await victim.get('/api/auth/user')).json()).toMatchObject({ email: account.email });
  });

  it('signing in again, or starting a demo, ends the previous session', async () => {
    const { agent: a, account } = await signedIn(t.app);
    const first = cookieOf(a);
    await a.post('/api/auth/login', { email: account.email, password: account.password });
    const second = cookieOf(a);
    expect(second).not.toBe(first);
    expect((await userWith(first)).statusCode).toBe(401);

    const demo = await a.post('/api/auth/demo', undefined, {});
    expect(demo.statusCode).toBe(200);
    expect((await userWith(second)).statusCode).toBe(401);
    expect((await a.get('/api/auth/user')).json()).toMatchObject({ name: 'Demo User' });
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the account, and only of that account', async () => {
    const { agent: laptop, account } = await signedIn(t.app);
    const phone = agent(t.app, { ip: '10.2.0.2' });
    await phone.post('/api/auth/login', { email: account.email, password: account.password });
    const phoneCookie = cookieOf(phone);
    const other = await signedIn(t.app, 'other');

    const res = await laptop.post('/api/auth/logout-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers['set-cookie'])).toMatch(/redraft_session=;/);
    expect((await laptop.get('/api/auth/user')).statusCode).toBe(401);
    expect((await userWith(phoneCookie)).statusCode).toBe(401);
    expect((await other.agent.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await agent(t.app).post('/api/auth/logout-all');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'unauthenticated' });
  });
});

describe('session lifetime', () => {
  it('ends after 7 days without a request', async () => {
    const { agent: a } = await signedIn(t.app);
    advance(7 * DAY - MINUTE);
    expect((await a.get('/api/auth/user')).statusCode).toBe(200);
    advance(7 * DAY - MINUTE);
    expect((await a.get('/api/auth/user')).statusCode).toBe(200);
    advance(7 * DAY + MINUTE);
    const res = await a.get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Not authenticated');
  });

  it('moves the idle clock at most once every few minutes, not on every request', async () => {
    const { agent: quiet } = await signedIn(t.app);
    const { agent: later } = await signedIn(t.app);
    advance(4 * MINUTE);
    await quiet.get('/api/auth/user'); // within the interval: not recorded
    advance(2 * MINUTE);
    await later.get('/api/auth/user'); // 6 minutes in: recorded
    advance(7 * DAY - 5 * MINUTE);
    expect((await quiet.get('/api/auth/user')).statusCode).toBe(401);
    expect((await later.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('ends 30 days after sign-in however active it is', async () => {
    const { agent: a } = await signedIn(t.app);
    for (let day = 5; day < 30; day += 5) {
      advance(5 * DAY);
      expect((await a.get('/api/auth/user')).statusCode).toBe(200);
    }
    advance(5 * DAY - MINUTE);
    expect((await a.get('/api/auth/user')).statusCode).toBe(200);
    advance(2 * MINUTE);
    expect((await a.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('gives a demo session a cookie that lasts as long as the demo account (a day)', async () => {
    const res = await agent(t.app, { ip: '10.2.0.3' }).post('/api/auth/demo');
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=86400/);
  });
});
