/**
 * Wrong-password limits that a stranger cannot turn against the owner (auth.test.ts has the
 * per-address-and-account rule at its real default of 10). The ceilings are shrunk here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, signedIn } from '../../../tests/support/agent';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { rates: { loginPerAccount: { max: 6 }, loginPerAddressAndAccount: { max: 3 } } } });
});
afterAll(() => t.close());

const attempt = (ip: string, email: string, password = 'wrong-password') =>
  agent(t.app, { ip }).post('/api/auth/login', { email, password });

describe('guessing spread over many addresses', () => {
  it('meets a per-account ceiling, which spares the address the owner signs in from', async () => {
    // Signs in from 127.0.0.1, a new address then, so that attempt counts: 5 of 6 are left.
    const { account } = await signedIn(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(`10.5.0.${i + 1}`, account.email)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right password from a new address waits: that is what stops the guessing.
    const fresh = await attempt('10.5.1.1', account.email, account.password);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.headers['retry-after']).toMatch(/^\d+$/);
    // The owner, where they have signed in before, is not locked out.
    expect((await attempt('127.0.0.1', account.email, account.password)).statusCode).toBe(200);
  });

  it('one address is held to its own allowance per account, whatever the ceiling', async () => {
    const { account } = await signedIn(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt('10.5.2.1', account.email)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt('10.5.2.2', account.email)).statusCode).toBe(401);
  });

  it("a success clears the address's count for that account", async () => {
    const { account } = await signedIn(t.app);
    for (let i = 0; i < 2; i++) await attempt('127.0.0.1', account.email);
    expect((await attempt('127.0.0.1', account.email, account.password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt('127.0.0.1', account.email)).statusCode).toBe(401);
  });
});

describe('per address', () => {
  it('all sign-in and registration requests from one address share one allowance', async () => {
    const small = await createTestApp({ limits: { rates: { authPerIp: { max: 3 } } } });
    try {
      const from = (path: string, body: object) => agent(small.app, { ip: '10.6.0.1' }).post(path, body);
      expect((await from('/api/auth/login', { email: 'a@example.com', password: 'whatever' })).statusCode).toBe(401);
      expect((await from('/api/auth/login', { email: 'b@example.com', password: 'whatever' })).statusCode).toBe(401);
      expect((await from('/api/auth/register', { name: 'Cee', email: 'c@example.com', password: 'whatever' })).statusCode).toBe(201);
      const refused = await from('/api/auth/login', { email: 'd@example.com', password: 'whatever' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(/^Too many sign-in attempts\./);
    } finally {
      await small.close();
    }
  });
});
