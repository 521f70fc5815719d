import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { terminateOtherConnections } from '../../../tests/support/test-database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reports the database kind, AI provider and editor', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    status: 'ok',
    db: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    ai: 'offline',
    editor: 'embedded',
  });
});

it('sends security headers and a request id', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

it('answers unknown API paths with the error shape', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No API route for GET /api/nothing-here' } });
});

it('refuses an oversized JSON body with 413 in the error shape', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.statusCode).toBe(413);
  expect(res.json().error.code).toBe('payload_too_large');
});

it('turns malformed JSON into a 400 with a clear message', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: '{"email":',
    headers: { 'content-type': 'application/json' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().error.message).toBe('The request body is not valid JSON.');
});

it.runIf(process.env.TEST_DB === 'postgres')('stays up when PostgreSQL drops its idle connections', async () => {
  const burst = () => Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: '/api/health' })));
  await burst(); // the pool now holds several idle connections
  await terminateOtherConnections(t.database);
  await new Promise((resolve) => setTimeout(resolve, 200)); // let the terminations reach the idle sockets
  for (const res of await burst()) expect(res.json().status).toBe('ok');
});
