/**
 * Demo accounts expire a day after creation: the cleanup removes them with their sessions,
 * documents, versions, conversations and stored files; real accounts are never touched; two
 * cleanups at once (two instances) are safe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TTL_MS } from '@common/limits';
import { agent, signedIn } from '../../../tests/support/agent';
import { contractDocx } from '../../../tests/support/docx/realistic';
import { DOCX, multipart } from '../../../tests/support/multipart';
import { countRows } from '../../../tests/support/row-counts';
import { movableClock } from '../../../tests/support/clock';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { runCleanup } from './cleanup.service';

const MINUTE = 60_000;

let t: TestApp;
const clock = movableClock();
const { advance } = clock;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let ip = 0;
/** A demo account with an uploaded document, a chat about it, a template document, and an archived one. */
async function busyDemo() {
  ip += 1;
  const a = agent(t.app, { ip: `10.7.0.${ip}` });
  const user = (await a.post('/api/auth/demo')).json() as { id: number };
  const body = multipart({ filename: 'contract.docx', type: DOCX, bytes: contractDocx() });
  const doc = (await a.post('/api/documents/upload', body.payload, body.headers)).json();
  expect((await a.post(`/api/documents/${doc.id}/chat`, { content: 'Make this shorter.' })).statusCode).toBe(201);
  const [template] = (await a.get('/api/templates')).json();
  const fromTemplate = (await a.post(`/api/templates/${template.id}/use`)).json();
  expect((await a.patch(`/api/documents/${fromTemplate.id}`, { archived: true })).statusCode).toBe(200);
  return { agent: a, user };
}

async function storedKeys() {
  const keys = new Set<string>();
  for await (const k of t.deps.blobs.list()) keys.add(k);
  return keys;
}

describe('demo expiry', () => {
  it('removes an expired demo account with its sessions, documents, chats and files; a younger demo and a real user stay', async () => {
    const before = await storedKeys();
    const old = await busyDemo();
    const demoFiles = [...(await storedKeys())].filter((k) => !before.has(k));
    expect(demoFiles.length).toBeGreaterThanOrEqual(3);

    const real = await signedIn(t.app, 'real');
    const realBody = multipart({ filename: 'mine.docx', type: DOCX, bytes: contractDocx() });
    const realDoc = (await real.agent.post('/api/documents/upload', realBody.payload, realBody.headers)).json();

    advance(DEMO_TTL_MS - 2 * MINUTE);
    const young = agent(t.app, { ip: '10.7.1.1' });
    const youngUser = (await young.post('/api/auth/demo')).json();
    advance(3 * MINUTE); // the old demo is now a day and a minute old

    const report = await runCleanup(t.deps);
    expect(report).toMatchObject({ demoAccounts: 1, documents: 2 });

    expect((await old.agent.get('/api/auth/user')).statusCode).toBe(401);
    for (const table of ['users', 'sessions', 'documents', 'conversations'] as const) {
      expect(await countRows(t.database, table, { userId: old.user.id })).toBe(0);
    }
    expect(await countRows(t.database, 'chat_messages')).toBe(0);
    const left = await storedKeys();
    for (const key of demoFiles) expect(left.has(key)).toBe(false);

    expect((await young.get('/api/auth/user')).json().id).toBe(youngUser.id);
    expect((await real.agent.get('/api/auth/user')).statusCode).toBe(200);
    const download = await real.agent.get(`/api/documents/${realDoc.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(contractDocx().length);
  });

  it('is safe when two instances run it at once: each account and file is removed once, without errors', async () => {
    const before = await storedKeys();
    const demos = [await busyDemo(), await busyDemo(), await busyDemo()];
    const demoFiles = [...(await storedKeys())].filter((k) => !before.has(k));
    advance(DEMO_TTL_MS + MINUTE);

    const [a, b] = await Promise.all([runCleanup(t.deps), runCleanup(t.deps)]);
    expect(a.demoAccounts + b.demoAccounts).toBe(demos.length + 1); // the young demo of the first test has expired too
    expect(a.documents + b.documents).toBe(demos.length * 2);
    const left = await storedKeys();
    for (const key of demoFiles) expect(left.has(key)).toBe(false);
    for (const d of demos) expect(await countRows(t.database, 'users', { userId: d.user.id })).toBe(0);
    expect(t.logs()).not.toMatch(/could not remove an expired demo account|cleanup failed/);
  });

  it('also drops sessions past their idle or absolute limit and closed rate-limit windows', async () => {
    const { user } = await signedIn(t.app, 'idle');
    expect(await countRows(t.database, 'sessions', { userId: user.id })).toBe(1);
    advance(8 * 24 * 60 * MINUTE);
    const report = await runCleanup(t.deps);
    expect(report.sessions).toBeGreaterThanOrEqual(1);
    expect(report.rateLimitWindows).toBeGreaterThanOrEqual(1);
    expect(await countRows(t.database, 'sessions', { userId: user.id })).toBe(0);
    expect(await countRows(t.database, 'users', { userId: user.id })).toBe(1);
  });

  it('runs as a periodic job that starts with the app, repeats, and stops when it closes', async () => {
    // An app of its own whose cleanup job comes round every 50 ms, on this file's clock.
    const s = await createTestApp({ clock: t.deps.clock, jobs: { cleanupEveryMs: 50, pollMs: 20 } });
    try {
      const demo = async (ip: string) => (await agent(s.app, { ip }).post('/api/auth/demo')).json().id as number;
      const first = await demo('10.7.2.1');
      advance(DEMO_TTL_MS + MINUTE);
      await expect.poll(() => countRows(s.database, 'users', { userId: first }), { timeout: 5_000 }).toBe(0);
      const later = await demo('10.7.2.2');
      advance(DEMO_TTL_MS + MINUTE);
      await expect.poll(() => countRows(s.database, 'users', { userId: later }), { timeout: 5_000 }).toBe(0);

      const afterClose = await demo('10.7.2.3');
      await s.closeApp();
      advance(DEMO_TTL_MS + MINUTE);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await countRows(s.database, 'users', { userId: afterClose })).toBe(1);
    } finally {
      await s.close();
    }
  });
});
