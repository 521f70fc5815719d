/**
 * Per-account quotas: storage answers 413, the document count 403, each with a sentence that
 * says what to do, checked before anything is stored. The quotas are shrunk so a few small
 * documents reach them; the rate limits here are the real defaults (see the chat test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTAS } from '@common/limits';
import { type Agent, agent, signedIn } from '../../../tests/support/agent';
import { contractDocx } from '../../../tests/support/docx/realistic';
import { saveDocx, uploadDocx } from '../../../tests/support/documents';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const SAMPLE_BYTES = contractDocx().length;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    limits: {
      // Two samples fit, a third does not; three documents at most (templates are a few KB).
      quotas: { user: { bytes: Math.floor(SAMPLE_BYTES * 2.5), documents: 3 }, demo: { bytes: QUOTAS.demo.bytes, documents: 1 } },
    },
  });
});
afterAll(() => t.close());

const upload = (a: Agent) => uploadDocx(a, contractDocx());
const save = (a: Agent, id: number, base: number) => saveDocx(a, id, base, contractDocx());
const useTemplate = async (a: Agent) => {
  const [template] = (await a.get('/api/templates')).json();
  return a.post(`/api/templates/${template.id}/use`);
};

async function storedKeys() {
  const keys: string[] = [];
  for await (const k of t.deps.blobs.list()) keys.push(k);
  return keys.length;
}

function expectStorageFull(res: Awaited<ReturnType<Agent['get']>>) {
  expect(res.statusCode).toBe(413);
  expect(res.json().error).toMatchObject({
    code: 'payload_too_large',
    message: expect.stringMatching(/^Not enough storage left: this would take your account past its [\d.]+ KB limit \([\d.]+ KB used\)\. Delete documents you no longer need to make room\.$/),
  });
}

function expectDocumentLimit(res: Awaited<ReturnType<Agent['get']>>, n: number) {
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toMatchObject({
    code: 'forbidden',
    message: `You have reached the limit of ${n} documents. Delete documents you no longer need to add new ones.`,
  });
}

describe('storage quota', () => {
  it('refuses an upload that would go over it with 413, stores nothing, and accepts again after a delete', async () => {
    const { agent: a } = await signedIn(t.app);
    const first = (await upload(a)).json();
    expect((await upload(a)).statusCode).toBe(201);
    const files = await storedKeys();
    expectStorageFull(await upload(a));
    expect(await storedKeys()).toBe(files);
    expect((await a.get('/api/documents')).json()).toHaveLength(2);

    expect((await a.delete(`/api/documents/${first.id}`)).statusCode).toBe(204);
    expect((await upload(a)).statusCode).toBe(201);
  });

  it('refuses a save that would go over it: no version, no file', async () => {
    const { agent: a } = await signedIn(t.app);
    const doc = (await upload(a)).json();
    expect((await upload(a)).statusCode).toBe(201);
    const files = await storedKeys();
    expectStorageFull(await save(a, doc.id, 1));
    expect(await storedKeys()).toBe(files);
    expect((await a.get(`/api/documents/${doc.id}`)).json().currentVersion).toBe(1);
  });

  it('refuses a restore that would go over it: the copy of the old version counts', async () => {
    const { agent: a } = await signedIn(t.app);
    const doc = (await upload(a)).json();
    expect((await upload(a)).statusCode).toBe(201);
    const files = await storedKeys();
    expectStorageFull(await a.post(`/api/documents/${doc.id}/versions/1/restore`));
    expect(await storedKeys()).toBe(files);
    expect((await a.get(`/api/documents/${doc.id}/versions`)).json()).toHaveLength(1);
  });

  it("counts only the account's own documents", async () => {
    const { agent: full } = await signedIn(t.app);
    await upload(full);
    await upload(full);
    expectStorageFull(await upload(full));
    const { agent: other } = await signedIn(t.app);
    expect((await upload(other)).statusCode).toBe(201);
  });
});

describe('document count', () => {
  it('refuses a fourth document from a template or an upload with 403, archived ones included', async () => {
    const { agent: a } = await signedIn(t.app);
    const first = (await useTemplate(a)).json();
    expect((await useTemplate(a)).statusCode).toBe(201);
    expect((await useTemplate(a)).statusCode).toBe(201);
    expect((await a.patch(`/api/documents/${first.id}`, { archived: true })).statusCode).toBe(200);
    const files = await storedKeys();
    expectDocumentLimit(await useTemplate(a), 3);
    expectDocumentLimit(await upload(a), 3);
    expect(await storedKeys()).toBe(files);
  });

  it('gives a demo account its own, smaller quota', async () => {
    const demo = agent(t.app, { ip: '10.4.0.1' });
    await demo.post('/api/auth/demo');
    expect((await useTemplate(demo)).statusCode).toBe(201);
    expectDocumentLimit(await useTemplate(demo), 1);
  });
});

describe('the real default rate limits', () => {
  it('chat: 30 messages a minute per person, the 31st is refused with Retry-After', async () => {
    const { agent: a } = await signedIn(t.app);
    const doc = (await useTemplate(a)).json();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await a.post(`/api/documents/${doc.id}/chat`, { content: `Question ${i}` })).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(201));
    expect(statuses[30]).toBe(429);
    const refused = await a.post(`/api/documents/${doc.id}/chat`, { content: 'One more' });
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json().error.message).toMatch(/^Too many messages to the assistant\. Please try again in (\d+ seconds?|1 minute)\.$/);
  });
});
