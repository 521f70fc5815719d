import { afterAll, beforeAll, expect, it } from 'vitest';
import { agent, signedIn } from '../../tests/support/agent';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { findSessionUser } from '../features/auth/auth.repo';

let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database, as behind a load balancer.
  other = await buildApp(t.deps, { logger: t.app.log });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const cookieOf = (a: ReturnType<typeof agent>) => [...a.jar].map(([k, v]) => `${k}=${v}`).join('; ');

it('a session signed out on one instance is refused at once on another sharing the database', async () => {
  const { agent: a } = await signedIn(t.app);
  const cookie = cookieOf(a);
  const onOther = () => other.inject({ method: 'GET', url: '/api/documents', headers: { cookie } });
  // Asked twice, so the statement is already prepared on the connection when the session ends.
  expect((await onOther()).statusCode).toBe(200);
  expect((await onOther()).statusCode).toBe(200);
  expect((await a.post('/api/auth/logout')).statusCode).toBe(200);
  expect((await onOther()).statusCode).toBe(401);
});

it('signing out everywhere ends the sessions other instances were serving, at once', async () => {
  const { agent: a, account } = await signedIn(t.app, 'everywhere');
  const phone = agent(other, { ip: '10.9.0.2' });
  await phone.post('/api/auth/login', { email: account.email, password: account.password });
  expect((await phone.get('/api/auth/user')).statusCode).toBe(200);
  expect((await a.post('/api/auth/logout-all')).statusCode).toBe(200);
  expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
});

it('runs a prepared statement on the database, and refuses to inside a transaction', async () => {
  const none = await findSessionUser(t.database.db, 'no-such-token', new Date(), new Date(0));
  expect(none).toBeUndefined();
  await expect(t.database.db.transaction((tx) => findSessionUser(tx, 'no-such-token', new Date(), new Date(0)))).rejects.toThrow(
    'prepared statement session_user needs the database itself, not a transaction',
  );
});
