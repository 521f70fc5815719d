/**
 * Hostile input against the work pool's budgets (docs/decisions/010-request-bodies-per-route.md), over real HTTP: while each
 * request runs, GET /api/health is polled every 20 ms and every answer must come within 200 ms,
 * because the CPU-heavy work (processing, the save merge, the offline engine) runs off the
 * event loop. Whatever runs past its time or memory budget is ended with an error a user can
 * act on, stores nothing, and the next request works.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHAT_SELECTION_MAX } from '@common/schemas/chat';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigDocx } from '../../../bench/support/big-docx';
import { newAccount } from '../../../tests/support/agent';
import { DOCX, multipart } from '../../../tests/support/multipart';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../tests/support/test-app';
import { referencedBlobKeys } from './documents.repo';

const HEALTH_EVERY_MS = 20;
const HEALTH_WITHIN_MS = 200;

/** A signed-in browser session over real HTTP. */
type Client = {
  url: string;
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
};

async function serve(options: TestAppOptions): Promise<{ t: TestApp; client: Client }> {
  const t = await createTestApp(options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const account = newAccount('budget');
  const json = { 'content-type': 'application/json' };
  const reg = await fetch(`${url}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(account) });
  expect(reg.status).toBe(201);
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: account.email, password: account.password }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const client: Client = { url, fetch: (path, init = {}) => fetch(`${url}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } }) };
  return { t, client };
}

/**
 * Polls the health route every 20 ms. Each answer's time counts from when the poll was due, not
 * from when it was sent: a blocked event loop delays the timer itself, and that delay is exactly
 * what a user waiting on the server would feel.
 */
function watchHealth(url: string) {
  const late: number[] = [];
  let running = true;
  const loop = (async () => {
    let due = performance.now();
    while (running) {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`health answered ${res.status}`);
      const answered = performance.now();
      late.push(answered - due);
      due = answered + HEALTH_EVERY_MS;
      await sleep(HEALTH_EVERY_MS);
    }
  })();
  return {
    /** Stops polling; every answer's time, in ms. */
    stop: async () => {
      running = false;
      await loop;
      return late;
    },
  };
}

/** Runs `work` while watching health; asserts the server stayed responsive throughout. */
async function whileHealthy<T>(client: Client, work: () => Promise<T>): Promise<T> {
  const health = watchHealth(client.url);
  await sleep(100);
  const result = await work();
  const times = await health.stop();
  expect(times.length).toBeGreaterThan(3);
  expect(Math.max(...times), `slowest of ${times.length} health answers`).toBeLessThan(HEALTH_WITHIN_MS);
  return result;
}

async function upload(client: Client, bytes: Uint8Array, name = 'contract.docx') {
  const body = multipart({ filename: name, type: DOCX, bytes });
  return client.fetch('/api/documents/upload', { method: 'POST', headers: body.headers, body: body.payload });
}

async function uploaded(client: Client, bytes: Uint8Array): Promise<{ id: number; currentVersion: number }> {
  const res = await upload(client, bytes);
  expect(res.status).toBe(201);
  return res.json();
}

const save = (client: Client, id: number, base: number, bytes: Uint8Array<ArrayBuffer>) =>
  client.fetch(`/api/documents/${id}/content`, { method: 'PUT', headers: { 'content-type': DOCX, 'x-base-version': String(base) }, body: bytes });

/** The editing copy with every word of the first `paragraphs` runs changed: the merge's worst case. */
async function everyWordChanged(client: Client, id: number, paragraphs: number) {
  const files = unzipSync(new Uint8Array(await (await client.fetch(`/api/documents/${id}/content`)).arrayBuffer()));
  let n = 0;
  const xml = strFromU8(files['word/document.xml']!).replace(/(<w:t(?: [^>]*)?>)([^<]*)(<\/w:t>)/g, (all, open: string, text: string, close: string) =>
    n++ < paragraphs ? open + text.replace(/[A-Za-z]+/g, (w) => `${[...w].reverse().join('')}q`) + close : all,
  );
  files['word/document.xml'] = strToU8(xml);
  return new Uint8Array(zipSync(files));
}

const storedVersion = async (client: Client, id: number) => ((await (await client.fetch(`/api/documents/${id}`)).json()) as { currentVersion: number }).currentVersion;

/** A 300-page contract (2,100 paragraphs), text only. */
const LONG_DOCUMENT = bigDocx(0, 300);

describe('with the production budgets', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    ({ t, client } = await serve({}));
  });
  afterAll(() => t.close());

  it('proofreads a 2,000- and a 4,000-letter "word" within its budget or with a clear error, while health keeps answering', async () => {
    const doc = await uploaded(client, bigDocx(0, 5));
    // And the longest selection the chat takes, all of long non-words: the speller's worst case
    // once implausible words are skipped, still far more work than a health answer may wait for.
    const nonWords = Array.from({ length: 800 }, (_, i) => `${'qwertyuiopasdfghjklzxcvbnm'.slice(i % 5, (i % 5) + 24)}x`).join(' ').slice(0, CHAT_SELECTION_MAX);
    for (const selection of ['ab'.repeat(1_000), 'ab'.repeat(2_000), nonWords]) {
      const res = await whileHealthy(client, () =>
        client.fetch(`/api/documents/${doc.id}/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'Proofread this', action: 'proofread', selection }),
        }),
      );
      const body = await res.json();
      if (res.status === 201) {
        expect(body.role).toBe('assistant');
      } else {
        expect([502, 504]).toContain(res.status);
        expect(body.error.message).toMatch(/longer than|more memory|busy/);
        expect(body.error.message).toMatch(/Your message was kept/);
      }
    }
    // The server is still itself: a short proofread answers.
    const after = await client.fetch(`/api/documents/${doc.id}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Proofread this', action: 'proofread', selection: 'Teh cat sat.' }),
    });
    expect(after.status).toBe(201);
    expect((await after.json()).content).toContain('The cat sat.');
  }, 120_000);

  it('merges a worst-case save (300 paragraphs, every word changed) within its budget or refuses it clearly, while health keeps answering', async () => {
    const doc = await uploaded(client, LONG_DOCUMENT);
    const edited = await everyWordChanged(client, doc.id, 300);
    const res = await whileHealthy(client, () => save(client, doc.id, 1, edited));
    if (res.status === 200) {
      expect((await res.json()).currentVersion).toBe(2);
      // What was stored went through the same checks as an upload: it opens for editing and its text is the edited one.
      const stored = await client.fetch(`/api/documents/${doc.id}/content`);
      expect(stored.status).toBe(200);
      expect(strFromU8(unzipSync(new Uint8Array(await stored.arrayBuffer()))['word/document.xml']!)).toContain('hpargaraPq');
    } else {
      expect(res.status).toBe(422);
      expect((await res.json()).error.message).toMatch(/not stored. Nothing is lost/);
      expect(await storedVersion(client, doc.id)).toBe(1);
    }
  }, 120_000);
});

describe('with a tiny save budget', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    ({ t, client } = await serve({ work: { timeMs: { save: 100 } } }));
  });
  afterAll(() => t.close());

  it('ends a save over its time budget with a clear error, stores nothing, and the next request works', async () => {
    const doc = await uploaded(client, LONG_DOCUMENT);
    const edited = await everyWordChanged(client, doc.id, 300);
    const blobsBefore = await countBlobs(t);
    const res = await whileHealthy(client, () => save(client, doc.id, 1, edited));
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'unprocessable', details: { reason: 'time_budget' } });
    expect(error.message).toBe(
      'Your changes could not be merged into the saved document within the 0.1 s a save may take, so this save was not stored. ' +
        'Nothing is lost: your edits are still in the editor, and the saved document is unchanged. ' +
        'Try saving again; if it keeps failing, make fewer changes between saves.',
    );
    // Nothing stored: the same version, the same bytes to edit, and no new file.
    expect(await storedVersion(client, doc.id)).toBe(1);
    expect(await countBlobs(t)).toBe(blobsBefore);
    expect(await unreferencedBlobs(t)).toEqual([]);
    // The worker that was ended is replaced: the next upload processes.
    const next = await upload(client, bigDocx(0, 5), 'next.docx');
    expect(next.status).toBe(201);
    expect((await next.json()).status).toBe('complete');
  }, 120_000);

});

describe('with a tiny memory budget', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    ({ t, client } = await serve({ work: { memoryMb: 16 } }));
  });
  afterAll(() => t.close());

  it('ends an upload whose processing needs more memory than a worker may have, stores nothing, and the next upload works', async () => {
    // 6,000 clauses: about 16 MB of XML, far more heap than 16 MB once read.
    const huge = bigDocx(0, 6_000);
    const res = await whileHealthy(client, () => upload(client, huge, 'huge.docx'));
    expect(res.status).toBe(422);
    expect((await res.json()).error).toEqual({
      code: 'unprocessable',
      message:
        'This document needed more memory to process than one document may use, so it was stopped and not stored. ' +
        'Remove large pictures or split the document into smaller ones and upload them separately.',
      details: { reason: 'memory_budget' },
    });
    expect(await (await client.fetch('/api/documents')).json()).toEqual([]);
    expect(await countBlobs(t)).toBe(0);
    // The worker that ran out was replaced.
    expect((await upload(client, bigDocx(0, 5), 'small.docx')).status).toBe(201);
  }, 120_000);
});

describe('with one thread and a queue of one', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    ({ t, client } = await serve({ work: { processes: 1, maxQueue: 1 } }));
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After when the queue is full, and stores nothing for the refused uploads', async () => {
    const doc = await uploaded(client, LONG_DOCUMENT);
    const edited = await everyWordChanged(client, doc.id, 2_100);
    const small = bigDocx(0, 5);
    const [saved, ...answers] = await whileHealthy(client, async () => {
      // A save of every paragraph keeps the one thread busy for a second or more; of the uploads
      // sent meanwhile, one may wait and the others find the queue full.
      const busy = save(client, doc.id, 1, edited);
      await sleep(300);
      const uploads = Array.from({ length: 3 }, (_, i) => upload(client, small, `burst-${i}.docx`));
      return Promise.all([busy, ...uploads]);
    });
    expect([200, 503]).toContain(saved!.status);
    const refused = answers.filter((r) => r.status === 503);
    const stored = answers.filter((r) => r.status === 201);
    expect(refused.length).toBeGreaterThan(0);
    expect(stored.length + refused.length).toBe(answers.length);
    for (const r of refused) {
      expect(r.headers.get('retry-after')).toBe('5');
      expect((await r.json()).error).toEqual({
        code: 'unavailable',
        message: 'The server is busy processing other documents, so this one was not stored. Try again in a few seconds.',
      });
    }
    // The refused uploads left no row and no file: every file on disk belongs to a version.
    const documents = (await (await client.fetch('/api/documents')).json()) as unknown[];
    expect(documents).toHaveLength(1 + stored.length);
    expect(await unreferencedBlobs(t)).toEqual([]);
    // Once the queue drains, the same upload is taken.
    expect((await upload(client, small, 'again.docx')).status).toBe(201);
  }, 120_000);
});

async function countBlobs(t: TestApp) {
  let n = 0;
  for await (const _key of t.deps.blobs.list()) n += 1;
  return n;
}

async function unreferencedBlobs(t: TestApp) {
  const referenced = await referencedBlobKeys(t.database.db);
  const orphans: string[] = [];
  for await (const key of t.deps.blobs.list()) if (!referenced.has(key)) orphans.push(key);
  return orphans;
}
