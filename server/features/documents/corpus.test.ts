/**
 * Whole documents through the upload API: valid documents end `complete`; fuzzed, truncated,
 * encrypted and hostile ones are refused or end `error`, each with a reason; the server stays
 * healthy throughout, and afterwards files and version rows match one to one. Always the
 * generated documents (tests/support/docx/realistic.ts); every real .docx of the shared corpus
 * when REDRAFT_CORPUS_DIR names it (tests/support/corpus.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { describeCorpus } from '../../../tests/support/corpus-suite';
import { GENERATED_DOCUMENTS, GENERATED_REFUSALS } from '../../../tests/support/docx/realistic';
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

/** Uploads one file, then checks the server still answers its health check. */
async function uploaded(name: string, bytes: Uint8Array): Promise<Outcome> {
  const body = multipart({ filename: name, type: DOCX, bytes });
  const res = await user.post('/api/documents/upload', body.payload, body.headers);
  const json = res.json();
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  return res.statusCode === 201
    ? { file: name, http: 201, status: json.status, reason: json.statusReason ?? undefined }
    : { file: name, http: res.statusCode, reason: json.error?.message };
}

/** Every stored file belongs to a version row, and every version row has its file. */
async function expectFilesMatchRows() {
  const referenced = await repo.referencedBlobKeys(t.database.db);
  const onDisk: string[] = [];
  for await (const k of t.deps.blobs.list()) onDisk.push(k);
  expect(onDisk.sort()).toEqual([...referenced].sort());
}

it('processes every generated document and refuses every generated hostile file with its reason, staying healthy', async () => {
  for (const doc of Object.values(GENERATED_DOCUMENTS)) {
    const outcome = await uploaded(doc.name, doc.bytes());
    expect(outcome, doc.name).toMatchObject({ http: 201, status: 'complete' });
  }
  for (const file of Object.values(GENERATED_REFUSALS)) {
    const outcome = await uploaded(file.name, file.bytes());
    expect(outcome.http, file.name).toBe(422);
    expect(outcome.reason, file.name).toMatch(file.reason);
  }
  const listed = (await user.get('/api/documents')).json() as Array<{ originalName: string; status: string; wordCount: number }>;
  expect(listed.map((d) => d.originalName).sort()).toEqual(Object.values(GENERATED_DOCUMENTS).map((d) => d.name).sort());
  for (const d of listed) expect(d.wordCount, d.originalName).toBeGreaterThan(50);
  await expectFilesMatchRows();
}, 120_000);

describeCorpus(import.meta.filename, {}, (corpus) => {
  it('processes or refuses every corpus file with a reason, staying healthy', async () => {
    const outcomes: Outcome[] = [];
    for (const file of corpus.files) {
      outcomes.push(await uploaded(path.basename(file), new Uint8Array(fs.readFileSync(file))));
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

    await expectFilesMatchRows();
  }, 300_000);
});
