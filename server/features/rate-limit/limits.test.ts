/**
 * Every costly route answers 429 with a clear message and Retry-After once its allowance is
 * spent, and refuses before doing the work (nothing stored, no model run). The allowances are
 * shrunk here so a test reaches them in a few requests; quota.test.ts and auth.test.ts run
 * against the real defaults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, agent, newAccount, signedIn } from '../../../tests/support/agent';
import { contractDocx } from '../../../tests/support/docx/realistic';
import { saveDocx, uploadDocx } from '../../../tests/support/documents';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    limits: {
      rates: {
        uploadPerUser: { max: 2 },
        savePerUser: { max: 2 },
        chatPerUser: { max: 2 },
        chatPerAddress: { max: 3 },
        templateUsePerUser: { max: 2 },
        registerPerEmail: { max: 2 },
        comparePerUser: { max: 2 },
      },
    },
  });
});
afterAll(() => t.close());

const upload = (a: Agent) => uploadDocx(a, contractDocx());
const save = (a: Agent, id: number, base: number) => saveDocx(a, id, base, contractDocx());
const chat = (a: Agent, id: number) => a.post(`/api/documents/${id}/chat`, { content: 'Make this shorter.' });

/** The same signed-in user, sending from another network address. */
function from(ip: string, signedInAgent: Agent) {
  const a = agent(t.app, { ip });
  for (const [k, v] of signedInAgent.jar) a.jar.set(k, v);
  return a;
}

async function storedKeys() {
  const keys: string[] = [];
  for await (const k of t.deps.blobs.list()) keys.push(k);
  return keys.length;
}

function expectLimited(res: Awaited<ReturnType<Agent['get']>>, what: string) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  const error = res.json().error;
  expect(error.code).toBe('rate_limited');
  expect(error.message).toMatch(new RegExp(`^Too many ${what}\\. Please try again in \\d+ (minutes?|seconds?)\\.$`));
  expect(error.details.retryAfterSeconds).toBe(Number(res.headers['retry-after']));
}

describe('rate limits on costly routes', () => {
  it('upload: the third in the window is refused and nothing is stored', async () => {
    const { agent: a } = await signedIn(t.app);
    expect((await upload(a)).statusCode).toBe(201);
    expect((await upload(a)).statusCode).toBe(201);
    const files = await storedKeys();
    expectLimited(await upload(a), 'uploads');
    expect(await storedKeys()).toBe(files);
    expect((await a.get('/api/documents')).json()).toHaveLength(2);
    // Another user's allowance is their own.
    expect((await upload((await signedIn(t.app)).agent)).statusCode).toBe(201);
  });

  it('save: the third in the window is refused and no version is added', async () => {
    const { agent: a } = await signedIn(t.app);
    const doc = (await upload(a)).json();
    expect((await save(a, doc.id, 1)).statusCode).toBe(200);
    expect((await save(a, doc.id, 2)).statusCode).toBe(200);
    const files = await storedKeys();
    expectLimited(await save(a, doc.id, 3), 'saves');
    expect(await storedKeys()).toBe(files);
    expect((await a.get(`/api/documents/${doc.id}`)).json().currentVersion).toBe(3);
  });

  it('restore: counted as a save; the third in the window is refused and no version is added', async () => {
    const { agent: a } = await signedIn(t.app);
    const doc = (await upload(a)).json();
    expect((await save(a, doc.id, 1)).statusCode).toBe(200);
    expect((await a.post(`/api/documents/${doc.id}/versions/1/restore`)).statusCode).toBe(200);
    expectLimited(await a.post(`/api/documents/${doc.id}/versions/1/restore`), 'saves');
    expect((await a.get(`/api/documents/${doc.id}`)).json().currentVersion).toBe(3);
  });

  it('compare: the third comparison in the window is refused before any work', async () => {
    const { agent: a } = await signedIn(t.app);
    const doc = (await upload(a)).json();
    expect((await save(a, doc.id, 1)).statusCode).toBe(200);
    expect((await a.get(`/api/documents/${doc.id}/compare?from=1&to=2`)).statusCode).toBe(200);
    expect((await a.get(`/api/documents/${doc.id}/compare?from=1&to=2&format=docx`)).statusCode).toBe(200);
    expectLimited(await a.get(`/api/documents/${doc.id}/compare?from=1&to=2`), 'comparisons of versions');
  });

  it('chat per user: the third message is refused and not stored', async () => {
    const { agent: owner } = await signedIn(t.app);
    const doc = (await upload(owner)).json();
    // An address of its own, so only the per-user limit can be the one that refuses.
    const a = from('10.3.1.1', owner);
    expect((await chat(a, doc.id)).statusCode).toBe(201);
    expect((await chat(a, doc.id)).statusCode).toBe(201);
    expectLimited(await chat(a, doc.id), 'messages to the assistant');
    expect((await a.get(`/api/documents/${doc.id}/chat`)).json()).toHaveLength(4);
  });

  it('chat per address: users sharing one address share its allowance', async () => {
    const ip = '10.3.0.1';
    const first = await signedIn(t.app);
    const second = await signedIn(t.app);
    const docA = (await upload(first.agent)).json();
    const docB = (await upload(second.agent)).json();
    const one = from(ip, first.agent);
    const two = from(ip, second.agent);
    expect((await chat(one, docA.id)).statusCode).toBe(201);
    expect((await chat(one, docA.id)).statusCode).toBe(201);
    expect((await chat(two, docB.id)).statusCode).toBe(201);
    // The second user has sent one message: the address, not the user, is out of allowance.
    expectLimited(await chat(two, docB.id), 'messages to the assistant');
    const third = await signedIn(t.app);
    const docC = (await upload(third.agent)).json();
    expectLimited(await chat(from(ip, third.agent), docC.id), 'messages to the assistant');
    expect((await chat(from('10.3.0.2', third.agent), docC.id)).statusCode).toBe(201);
  });

  it('template use: the third in the window is refused and creates no document', async () => {
    const { agent: a } = await signedIn(t.app);
    const [template] = (await a.get('/api/templates')).json();
    expect((await a.post(`/api/templates/${template.id}/use`)).statusCode).toBe(201);
    expect((await a.post(`/api/templates/${template.id}/use`)).statusCode).toBe(201);
    expectLimited(await a.post(`/api/templates/${template.id}/use`), 'documents from templates');
    expect((await a.get('/api/documents')).json()).toHaveLength(2);
  });

  it('register: repeated registrations of one email are refused', async () => {
    const account = newAccount('again');
    expect((await agent(t.app).post('/api/auth/register', account)).statusCode).toBe(201);
    expect((await agent(t.app).post('/api/auth/register', account)).statusCode).toBe(201);
    expectLimited(await agent(t.app).post('/api/auth/register', account), 'registration attempts');
  });

  it('a limit is checked only after sign-in: an anonymous request gets 401, not a count', async () => {
    expect((await agent(t.app).post('/api/templates/1/use')).statusCode).toBe(401);
  });
});
