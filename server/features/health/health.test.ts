import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../../deps';
import { signedIn } from '../../../tests/support/agent';
import { movableClock } from '../../../tests/support/clock';
import { startS3Server } from '../../../tests/support/s3-server';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { terminateOtherConnections } from '../../../tests/support/test-database';
import { TEST_BUCKET } from '../../../tests/support/test-storage';
import { READINESS_MAX_AGE_MS } from './readiness';

let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const dbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

it('reports the database kind, AI provider and editor', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    status: 'ok',
    db: dbKind,
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
  const { agent: a } = await signedIn(t.app);
  // Requests that each ask the database (the session, the list), so the pool holds several connections.
  const burst = () => Promise.all(Array.from({ length: 6 }, () => a.get('/api/documents')));
  for (const res of await burst()) expect(res.statusCode).toBe(200);
  await terminateOtherConnections(t.database);
  await new Promise((resolve) => setTimeout(resolve, 200)); // let the terminations reach the idle sockets
  for (const res of await burst()) expect(res.statusCode).toBe(200);
  clock.advance(READINESS_MAX_AGE_MS);
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().status).toBe('ok');
});

describe('readiness and liveness', () => {
  it('asks the database at most once a second, however many ask at once', async () => {
    clock.advance(READINESS_MAX_AGE_MS);
    const ping = vi.spyOn(t.database, 'ping');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/health' })));
      for (const res of answers) expect(res.json().status).toBe('ok');
      expect(ping).toHaveBeenCalledTimes(1);
      clock.advance(READINESS_MAX_AGE_MS - 1);
      await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(ping).toHaveBeenCalledTimes(1);
      clock.advance(1);
      await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(ping).toHaveBeenCalledTimes(2);
    } finally {
      ping.mockRestore();
    }
  });

  it('liveness answers without asking the database', async () => {
    const ping = vi.spyOn(t.database, 'ping');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(ping).not.toHaveBeenCalled();
    } finally {
      ping.mockRestore();
    }
  });

  it('reports a database that stopped answering with 503, while liveness still answers', async () => {
    const downClock = movableClock();
    const down = await createTestApp({ clock: downClock });
    try {
      expect((await down.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await down.database.close();
      downClock.advance(READINESS_MAX_AGE_MS);
      const res = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', db: dbKind, ai: 'offline', editor: 'embedded' });
      expect(down.logs()).toContain('health: database check failed');
      const ready = await down.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'error', db: 'error', storage: 'ok' });
      const live = await down.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      // Its database is closed already; the rest goes as close() would take it.
      await down.app.close();
      await fs.rm(down.dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * A test app whose storage the test can take away and give back: on disk, its files folder
 * replaced by a plain file (the tests run as root, so a chmod would change nothing); on S3, an S3
 * server of its own, stopped and started again (the project's shared one serves other files).
 */
async function appWithRemovableStorage(clock: Clock) {
  if (process.env.TEST_STORAGE === 's3') {
    const s3 = await startS3Server({ buckets: [TEST_BUCKET] });
    const app = await createTestApp({ clock, env: { S3_ENDPOINT: s3.endpoint } }).catch(async (err: unknown) => {
      await s3.dispose();
      throw err;
    });
    return {
      app,
      takeAway: () => s3.stop(),
      giveBack: () => s3.start(),
      close: async () => {
        await app.close();
        await s3.dispose();
      },
    };
  }
  const app = await createTestApp({ clock });
  const files = path.join(app.dataDir, 'files');
  return {
    app,
    takeAway: async () => {
      await fs.rename(files, `${files}-aside`);
      await fs.writeFile(files, 'not a folder');
    },
    giveBack: async () => {
      await fs.rm(files);
      await fs.rename(`${files}-aside`, files);
    },
    close: () => app.close(),
  };
}

describe('readiness for a load balancer', () => {
  it('is ready while the database and the storage answer', async () => {
    clock.advance(READINESS_MAX_AGE_MS);
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
  });

  it('answers 503 naming the storage while the files cannot be reached, and 200 once they are back', async () => {
    const outageClock = movableClock();
    const s = await appWithRemovableStorage(outageClock);
    const ready = () => s.app.app.inject({ method: 'GET', url: '/api/health/ready' });
    try {
      expect((await ready()).statusCode).toBe(200);
      await s.takeAway();
      try {
        outageClock.advance(READINESS_MAX_AGE_MS);
        const res = await ready();
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: 'error', db: 'ok', storage: 'error' });
        expect(s.app.logs()).toContain('health: storage check failed');
        // The database's own readiness is not the storage's business.
        expect((await s.app.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect((await s.app.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      } finally {
        await s.giveBack();
      }
      outageClock.advance(READINESS_MAX_AGE_MS);
      const back = await ready();
      expect(back.statusCode).toBe(200);
      expect(back.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
    } finally {
      await s.close();
    }
  });

  it('asks the storage and the database at most once a second, however many ask at once', async () => {
    clock.advance(READINESS_MAX_AGE_MS);
    const storagePing = vi.spyOn(t.deps.blobs, 'ping');
    const databasePing = vi.spyOn(t.database, 'ping');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/health/ready' })));
      for (const res of answers) expect(res.statusCode).toBe(200);
      // /api/health shares the database's answer with /api/health/ready.
      await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(storagePing).toHaveBeenCalledTimes(1);
      expect(databasePing).toHaveBeenCalledTimes(1);
      clock.advance(READINESS_MAX_AGE_MS - 1);
      await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(storagePing).toHaveBeenCalledTimes(1);
      clock.advance(1);
      await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(storagePing).toHaveBeenCalledTimes(2);
      expect(databasePing).toHaveBeenCalledTimes(2);
    } finally {
      storagePing.mockRestore();
      databasePing.mockRestore();
    }
  });
});
