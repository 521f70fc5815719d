/**
 * SIGKILL in the middle of uploads: afterwards every acknowledged upload is intact, no file is
 * half-written, no row lacks its file and no file lacks its row.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createDiskBlobStore } from '../../adapters/blob-store';
import { openDatabase } from '../../db/client';
import { corpusFile } from '../../../tests/support/corpus';
import { DOCX, multipart } from '../../../tests/support/multipart';
import { TestServer } from '../../../tests/support/server-process';
import { createScratchPostgres } from '../../../tests/support/test-database';
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
  const server = await TestServer.start({ dataDir, env: pg ? { DATABASE_URL: pg.url } : {} });
  cleanups.push(() => server.dispose());
  const cookie = await signIn(server.url);
  const files = ['python-docx/test.docx', 'python-docx/having-images.docx', 'poi/Bug51170.docx', 'python-docx/tbl-having-tables.docx'];
  const acknowledged = new Map<number, Uint8Array>();

  for (let round = 0; round < 3; round++) {
    // Kill as soon as a few uploads of the round are acknowledged, with the rest still in flight
    // (some mid-body, some being stored or processed) and one stalled half-way through its body.
    let acked = 0;
    let killNow!: () => void;
    const enough = new Promise<void>((resolve) => (killNow = resolve));
    const inflight = Array.from({ length: 12 }, (_, i) => {
      const bytes = corpusFile(files[i % files.length]!);
      return send(server.url, cookie, `round${round}-${i}.docx`, bytes).then((r) => {
        if (r !== 'cut' && r.status === 201) {
          acknowledged.set(JSON.parse(r.body).id, bytes);
          if (++acked === round + 2) killNow();
        }
        return r;
      });
    });
    const stalled = send(server.url, cookie, `stalled-${round}.docx`, corpusFile(files[1]!), { stallAfter: 40_000 });
    await Promise.race([enough, Promise.all(inflight)]);
    await server.stop('SIGKILL');
    const results = await Promise.all([...inflight, stalled]);
    expect(results.filter((r) => r === 'cut').length, `round ${round}: uploads cut by the kill`).toBeGreaterThan(0);
    await server.restart(); // already stopped: starts again on the same port and DATA_DIR
  }

  // Everything acknowledged downloads byte for byte from the restarted server.
  expect(acknowledged.size).toBeGreaterThan(0);
  for (const [id, bytes] of acknowledged) {
    const res = await fetch(`${server.url}/api/documents/${id}/download`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), Buffer.from(bytes))).toBe(0);
  }
  const listed: Array<{ id: number; status: string }> = await (await fetch(`${server.url}/api/documents`, { headers: { cookie } })).json();
  expect(listed.every((d) => d.status === 'complete')).toBe(true);
  await server.stop();

  // Files on disk and version rows match one to one; nothing is left in the temporary area.
  const database = await openDatabase(pg ? { url: pg.url } : { dataDir });
  try {
    const referenced = await repo.referencedBlobKeys(database.db);
    const blobs = await createDiskBlobStore(path.join(dataDir, 'files'));
    const onDisk: string[] = [];
    for await (const k of blobs.list()) onDisk.push(k);
    expect(onDisk.sort()).toEqual([...referenced].sort());
    const tmp = await fs.readdir(path.join(dataDir, 'files', 'tmp')).catch(() => []);
    expect(tmp).toEqual([]);
    expect(await repo.unfinishedDocumentIds(database.db)).toEqual([]);
  } finally {
    await database.close();
  }
}, 180_000);
