/**
 * SIGKILL in the middle of uploads: afterwards every acknowledged upload is intact, no file is
 * half-written, no row lacks its file and no file lacks its row. On the local disk, or on S3 in
 * the api-s3 project.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openBlobStore } from '../../adapters/open-blob-store';
import { parseConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { GENERATED_DOCUMENTS } from '../../../tests/support/docx/realistic';
import { DOCX, multipart } from '../../../tests/support/multipart';
import { TestServer } from '../../../tests/support/server-process';
import { createScratchPostgres } from '../../../tests/support/test-database';
import { testStorageEnv } from '../../../tests/support/test-storage';
import * as repo from './documents.repo';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function signIn(url: string) {
  const account = { name: 'Crash Tester', email: 'crash@example.com', password: 'crash-test-pw' };
  const headers = { 'content-type': 'application/json' };
  await fetch(`${url}/api/auth/register`, { method: 'POST', headers, body: JSON.stringify(account) });
  const credentials = { email: account.email, password: account.password };
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify(credentials) });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** Sends an upload; resolves with the status and body, or 'cut' when the server dies under it. */
function send(url: string, cookie: string, filename: string, bytes: Uint8Array, opts: { stallAfter?: number } = {}) {
  const body = multipart({ filename, type: DOCX, bytes });
  return new Promise<{ status: number; body: string } | 'cut'>((resolve) => {
    const req = http.request(`${url}/api/documents/upload`, {
      method: 'POST',
      headers: { ...body.headers, cookie, 'content-length': String(body.payload.length) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', () => resolve('cut'));
    });
    req.on('error', () => resolve('cut'));
    if (opts.stallAfter === undefined) req.end(body.payload);
    else req.write(body.payload.subarray(0, opts.stallAfter)); // never finishes
  });
}

it('loses nothing acknowledged and leaves no half-written file or orphan row after SIGKILL', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'redraft-crash-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const pg = await createScratchPostgres();
  if (pg) cleanups.push(pg.drop);
  const storage = testStorageEnv(dataDir);
  // The restarts sweep as an instance does once the grace period has passed (on a bucket it is an hour by default).
  const server = await TestServer.start({ dataDir, env: { ...storage, ORPHAN_GRACE_SECONDS: '1', JOB_LEASE_SECONDS: '2', ...(pg ? { DATABASE_URL: pg.url } : {}) } });
  cleanups.push(() => server.dispose());
  const cookie = await signIn(server.url);
  const { contract, pictures, memo, tables } = GENERATED_DOCUMENTS;
  const files = [contract.bytes(), pictures.bytes(), memo.bytes(), tables.bytes()];
  // The stalled upload stops 40 KB into its body, so it must be longer than that.
  expect(files[1]!.length).toBeGreaterThan(80_000);
  const acknowledged = new Map<number, { name: string; bytes: Uint8Array }>();
  /** Ids acknowledged twice: the row first acknowledged under one would have been lost. */
  const reused: string[] = [];

  for (let round = 0; round < 3; round++) {
    // Kill as soon as a few uploads of the round are acknowledged, with the rest still in flight
    // (some mid-body, some being stored or processed) and one stalled half-way through its body.
    let acked = 0;
    let killNow!: () => void;
    const enough = new Promise<void>((resolve) => (killNow = resolve));
    const inflight = Array.from({ length: 12 }, (_, i) => {
      const bytes = files[i % files.length]!;
      const name = `round${round}-${i}.docx`;
      return send(server.url, cookie, name, bytes).then((r) => {
        if (r !== 'cut' && r.status === 201) {
          const { id } = JSON.parse(r.body) as { id: number };
          if (acknowledged.has(id)) reused.push(`${id}: ${acknowledged.get(id)!.name}, then ${name}`);
          acknowledged.set(id, { name, bytes });
          if (++acked === round + 2) killNow();
        }
        return r;
      });
    });
    const stalled = send(server.url, cookie, `stalled-${round}.docx`, files[1]!, { stallAfter: 40_000 });
    await Promise.race([enough, Promise.all(inflight)]);
    await server.stop('SIGKILL');
    const results = await Promise.all([...inflight, stalled]);
    expect(results.filter((r) => r === 'cut').length, `round ${round}: uploads cut by the kill`).toBeGreaterThan(0);
    await server.restart(); // already stopped: starts again on the same port and DATA_DIR
  }

  // Everything acknowledged is still there under its id and name, and downloads byte for byte
  // from the restarted server.
  expect(acknowledged.size).toBeGreaterThan(0);
  expect(reused, 'ids acknowledged twice').toEqual([]);
  const listed: Array<{ id: number; originalName: string; status: string }> = await (await fetch(`${server.url}/api/documents`, { headers: { cookie } })).json();
  for (const [id, { name, bytes }] of acknowledged) {
    expect(listed.find((d) => d.id === id)?.originalName, `document ${id}`).toBe(name);
    const res = await fetch(`${server.url}/api/documents/${id}/download`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), Buffer.from(bytes))).toBe(0);
  }
  // Those whose processing the kill cut short are finished by their jobs once the lease runs out.
  const unfinished = async () => {
    const now: Array<{ id: number; status: string }> = await (await fetch(`${server.url}/api/documents`, { headers: { cookie } })).json();
    return now.filter((d) => d.status !== 'complete');
  };
  await expect.poll(unfinished, { timeout: 30_000, message: 'documents not complete after the restarts' }).toEqual([]);
  await server.stop();

  // Stored files and version rows match one to one; nothing is left in the temporary area.
  const database = await openDatabase(pg ? { url: pg.url } : { dataDir });
  try {
    const referenced = await repo.referencedBlobKeys(database.db);
    const blobs = await openBlobStore(parseConfig({ DATA_DIR: dataDir, ...storage }));
    const stored: string[] = [];
    for await (const k of blobs.list()) stored.push(k);
    expect(stored.sort()).toEqual([...referenced].sort());
    expect(await blobs.cleanupTemp(), 'temporary files left').toBe(0);
    expect(await repo.unfinishedDocumentIds(database.db)).toEqual([]);
  } finally {
    await database.close();
  }
}, 180_000);
