import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { CONTRACT_PHRASES, contractDocx } from '../../../tests/support/docx/realistic';
import { DOCX, multipart } from '../../../tests/support/multipart';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
let owner: Agent;
let stranger: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedIn(t.app)).agent;
  stranger = (await signedIn(t.app)).agent;
});
afterAll(() => t.close());

async function uploaded() {
  const body = multipart({ filename: 'contract.docx', type: DOCX, bytes: contractDocx() });
  return (await owner.post('/api/documents/upload', body.payload, body.headers)).json();
}

/** A phrase of the contract's body, in one run. */
const PHRASE = CONTRACT_PHRASES.delivery;

/** The editing copy with one word of the body changed, as the editor would send it. */
async function edited(id: number, from: string, to: string) {
  const res = await owner.get(`/api/documents/${id}/content`);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  const xml = strFromU8(files['word/document.xml']!);
  expect(xml).toContain(from);
  files['word/document.xml'] = strToU8(xml.replace(from, to));
  return Buffer.from(zipSync(files));
}

const save = (a: Agent, id: number, base: number | string | undefined, bytes: Buffer) =>
  a.request({
    method: 'PUT',
    url: `/api/documents/${id}/content`,
    payload: bytes,
    headers: { 'content-type': DOCX, ...(base === undefined ? {} : { 'x-base-version': String(base) }) },
  });

it('stores each save as a new version, keeps the previous one, and downloads the latest', async () => {
  const doc = await uploaded();
  const first = await edited(doc.id, PHRASE, 'within five working days of each order');
  const res = await save(owner, doc.id, 1, first);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ id: doc.id, currentVersion: 2 });
  const dl = await owner.get(`/api/documents/${doc.id}/download`);
  expect(strFromU8(unzipSync(new Uint8Array(dl.rawPayload))['word/document.xml']!)).toContain('within five working days of each order');
  expect((await owner.get(`/api/documents/${doc.id}/content`)).headers['x-document-version']).toBe('2');
  expect((await owner.get(`/api/documents?q=five working days`)).json().map((d: { id: number }) => d.id)).toContain(doc.id);
});

it('answers 409 to a stale save that changed the paragraph the newer version changed, keeping it beside the current version', async () => {
  const doc = await uploaded();
  const bytes = await edited(doc.id, PHRASE, 'first edit!');
  expect((await save(owner, doc.id, 1, bytes)).statusCode).toBe(200);
  const stale = await save(owner, doc.id, 1, await edited(doc.id, 'first edit!', 'second edit!'));
  expect(stale.statusCode).toBe(409);
  expect(stale.json().error).toMatchObject({ code: 'conflict', details: { currentVersion: 2, conflictVersion: 3 } });
  expect((await owner.get(`/api/documents/${doc.id}`)).json().currentVersion).toBe(2);
});

it('lets exactly one of two concurrent saves of the same paragraph on the same base win; the other is kept as a conflict', async () => {
  const doc = await uploaded();
  const a = await edited(doc.id, PHRASE, 'edit A!');
  const b = await edited(doc.id, PHRASE, 'edit B!');
  const results = await Promise.all([save(owner, doc.id, 1, a), save(owner, doc.id, 1, b)]);
  expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
});

it('refuses bad saves with a clear error and changes nothing', async () => {
  const doc = await uploaded();
  const good = await edited(doc.id, PHRASE, 'changed!');
  expect((await save(owner, doc.id, undefined, good)).statusCode).toBe(400);
  expect((await save(owner, doc.id, 'one', good)).statusCode).toBe(400);
  const garbage = await save(owner, doc.id, 1, Buffer.from('not a document'));
  expect(garbage.statusCode).toBe(422);
  expect((await save(stranger, doc.id, 1, good)).statusCode).toBe(404);
  expect((await owner.get(`/api/documents/${doc.id}`)).json().currentVersion).toBe(1);
});
