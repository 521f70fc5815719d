import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, newAccount, signedIn } from '../../../tests/support/agent';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/** Who is staff: the first account on a fresh instance, unless ADMIN_EMAILS names them (auth.test.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('staff without ADMIN_EMAILS', () => {
  it('makes the first real account staff and every later one a user; a demo account never counts as first', async () => {
    const demo = await agent(t.app, { ip: '10.1.1.1' }).post('/api/auth/demo');
    expect(demo.json()).toMatchObject({ role: 'user' });
    const first = await signedIn(t.app, 'first');
    const second = await signedIn(t.app, 'second');
    expect(first.user.role).toBe('staff');
    expect(second.user.role).toBe('user');
  });

  it('a taken email answers as a new one even for the staff account', async () => {
    const account = newAccount('again');
    const res = await agent(t.app).post('/api/auth/register', account);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
  });
});
