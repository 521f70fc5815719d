/**
 * Every real .docx of the shared corpus through the upload API: valid documents end `complete`;
 * fuzzed, truncated and encrypted ones are refused or end `error`, each with a reason; the server
 * stays healthy throughout, and afterwards files and version rows match one to one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { corpusFiles } from '../../../tests/support/corpus';
import { DOCX, multipart } from '../../../tests/support/multipart';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import * as repo from './documents.repo';

/**
 * Files that are damaged or hostile on purpose: fuzzer findings, truncations, encryption, and
 * POI's XXE probe (a DTD with an external entity; OPC forbids DTDs in package parts, Word refuses
 * them, and accepting one invites entity attacks on every tool that later reads the file).
 */
const BROKEN = /clusterfuzz|^crash-|truncated|password-is|Crash067|ExternalEntityInText/;

let t: TestApp;
let user: Agent;
beforeAll(async () => {
  t = await createTestApp();
  user = (await signedIn(t.app)).agent;
});
afterAll(() => t.close());

type Outcome = { file: string; http: number; status?: string; reason?: string };

it('processes or refuses every corpus file with a reason, staying healthy', async () => {
  const outcomes: Outcome[] = [];
  for (const file of corpusFiles()) {
    const name = path.basename(file);
    const body = multipart({ filename: name, type: DOCX, bytes: new Uint8Array(fs.readFileSync(file)) });
    const res = await user.post('/api/documents/upload', body.payload, body.headers);
    const json = res.json();
    outcomes.push(
      res.statusCode === 201
        ? { file: name, http: 201, status: json.status, reason: json.statusReason ?? undefined }
        : { file: name, http: res.statusCode, reason: json.error?.message },
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }

  const notComplete = outcomes.filter((o) => o.status !== 'complete');
  console.info(
    `corpus: ${outcomes.length} files, ${outcomes.length - notComplete.length} complete, ` +
      `${notComplete.filter((o) => o.http === 422).length} refused, ${notComplete.filter((o) => o.status === 'error').length} error\n` +
      notComplete.map((o) => `  ${o.file}: ${o.http} ${o.status ?? ''} ${o.reason}`).join('\n'),
  );
  for (const o of outcomes) {
    if (BROKEN.test(o.file)) {
      if (o.status !== 'complete') expect(o.reason, o.file).toMatch(/\w{3,}/);
      expect([201, 422], o.file).toContain(o.http);
    } else {
      expect(o, o.file).toMatchObject({ http: 201, status: 'complete' });
    }
  }
  for (const o of outcomes.filter((x) => /password-is/.test(x.file))) {
    expect(o).toMatchObject({ http: 422, reason: 'Password-protected documents are not supported' });
  }
  expect(outcomes.find((o) => o.file === 'ExternalEntityInText.docx')).toMatchObject({ http: 422, reason: expect.stringMatching(/DTD/) });
  // Most fuzzer findings must be caught; a minimized test case can still be a valid package.
  expect(notComplete.length).toBeGreaterThanOrEqual(10);

  const referenced = await repo.referencedBlobKeys(t.database.db);
  const onDisk: string[] = [];
  for await (const k of t.deps.blobs.list()) onDisk.push(k);
  expect(onDisk.sort()).toEqual([...referenced].sort());
}, 300_000);
