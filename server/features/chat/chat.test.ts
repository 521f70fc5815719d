/**
 * The chat API against a real HTTP server speaking the OpenAI chat-completions protocol
 * (tests/support/fake-openai.ts), through the same openai-compatible adapter that talks to
 * Ollama, vLLM or OpenAI in production.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@common/schemas/chat';
import { type AiLimits, createAi } from '../../adapters/ai/model';
import { boot } from '../../boot';
import { parseConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { systemClock } from '../../deps';
import { createLogger } from '../../logger';
import { buildTemplateDocx } from '../../templates/docx-builder';
import { type Agent, agent, signedIn } from '../../../tests/support/agent';
import { type FakeOpenAI, startFakeOpenAI } from '../../../tests/support/fake-openai';
import { DOCX, multipart } from '../../../tests/support/multipart';
import { countRows } from '../../../tests/support/row-counts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createScratchPostgres, openTestDatabase } from '../../../tests/support/test-database';
import { testStorageEnv } from '../../../tests/support/test-storage';

const SSE = { accept: 'text/event-stream' };
const RENT = 'The Tenant shall pay the monthly rent of EUR 1,200 on the first working day of each month.';
const CLAUSES = Array.from({ length: 300 }, (_, i) => `Clause ${i + 1}. The parties agree that obligation number ${i + 1} is performed in good faith and on time.`);

/** Title, subtitle, heading, then one paragraph per clause: clause n is paragraph n + 3. */
const leaseDocx = () =>
  buildTemplateDocx({
    title: 'Residential lease',
    subtitle: 'Between Alpha Ltd and Beta GmbH',
    description: 'A test lease',
    sections: [
      { heading: 'Rent', bullets: ['The rent is due monthly.', RENT, 'Late payment incurs interest of 5% per year.'] },
      { heading: 'Termination', bullets: ['Either party may terminate with three months notice.'] },
    ],
  });
const longDocx = () =>
  buildTemplateDocx({ title: 'Framework agreement', subtitle: 'Schedule of obligations', description: 'long', sections: [{ heading: 'Obligations', bullets: CLAUSES }] });

async function upload(a: Agent, filename: string, bytes: Uint8Array): Promise<number> {
  const body = multipart({ filename, type: DOCX, bytes });
  const res = await a.post('/api/documents/upload', body.payload, body.headers);
  expect(res.statusCode).toBe(201);
  expect(res.json().status).toBe('complete');
  return res.json().id as number;
}

type SseEvent = { event: string; data: Record<string, unknown> };
function events(payload: string): SseEvent[] {
  return payload
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) }));
}

const aiEnv = (baseUrl: string) => ({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: baseUrl, AI_MODEL: 'test' });

/** boot() as createTestApp does it, but with chosen AI limits (short timeouts) and a chosen database. */
async function bootApp(database: Database, dataDir: string, baseUrl: string, limits: Partial<AiLimits> = {}) {
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...testStorageEnv(dataDir), ...aiEnv(baseUrl) });
  const { app } = await boot({ config, database, clock: systemClock, logger: createLogger('silent'), ai: createAi(config.ai, limits) });
  await app.ready();
  return app;
}

let fake: FakeOpenAI;
let t: TestApp;
let owner: Agent;
let stranger: Agent;
let leaseId: number;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp({ env: aiEnv(fake.url) });
  owner = (await signedIn(t.app, 'owner')).agent;
  stranger = (await signedIn(t.app, 'stranger')).agent;
  leaseId = await upload(owner, 'Harbour Street lease 2025.docx', leaseDocx());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const chatUrl = (id: number) => `/api/documents/${id}/chat`;
const list = async (a: Agent, id: number) => (await a.get(chatUrl(id))).json() as ChatMessage[];

describe('streaming answers', () => {
  it('streams the tokens in order, then the stored message, and lists both messages oldest first', async () => {
    const docId = await upload(owner, 'Streaming.docx', leaseDocx());
    fake.next({ kind: 'reply', chunks: ['The rent', ' is EUR 1,200', ' a month.'] });
    const res = await owner.post(chatUrl(docId), { content: 'How much is the rent?' }, SSE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['x-request-id']).toBeTruthy();

    const evs = events(res.body);
    expect(evs.filter((e) => e.event === 'token').map((e) => e.data.text)).toEqual(['The rent', ' is EUR 1,200', ' a month.']);
    expect(evs.at(-1)!.event).toBe('done');
    const done = evs.at(-1)!.data as ChatMessage;
    expect(done).toMatchObject({ role: 'assistant', content: 'The rent is EUR 1,200 a month.' });
    expect(done.meta).toEqual({ coverage: { from: 1, to: 8, total: 8 }, provider: 'openai-compatible', model: 'test' });

    const messages = await list(owner, docId);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'How much is the rent?'],
      ['assistant', 'The rent is EUR 1,200 a month.'],
    ]);
    expect(messages[1]).toEqual(done);
    expect(Date.parse(messages[0]!.createdAt)).not.toBeNaN();
  });

  it('sends the model the title, the selection, the document around it and the action instruction', async () => {
    fake.next({ kind: 'reply', chunks: ['"The Tenant shall pay the monthly rent of EUR 1,200', ' on the first working day of each month."'] });
    const res = await owner.post(chatUrl(leaseId), { content: `Proofread: "${RENT}"`, action: 'proofread', selection: RENT }, SSE);
    const done = events(res.body).at(-1)!;
    expect(done.event).toBe('done');

    const request = fake.requests[0]!;
    expect(request.body).toMatchObject({ model: 'test', stream: true });
    const prompt = fake.lastPrompt();
    expect(prompt).toContain('Harbour Street lease 2025');
    expect(prompt).toContain(`<selection>\n${RENT}\n</selection>`);
    expect(prompt).toContain('Proofread the selected text: correct spelling, grammar, punctuation');
    expect(prompt).toContain('Answer with the replacement text only');
    expect(prompt).toContain('[1] Residential lease');
    expect(prompt).toContain(`[5] ${RENT}`);
    // The edit replaces the selection as stored, so the quotes the model added anyway are gone.
    expect(done.data).toMatchObject({ content: RENT, meta: { action: 'proofread', coverage: { from: 1, to: 8, total: 8 } } });
    const messages = await list(owner, leaseId);
    expect(messages.at(-2)).toMatchObject({ role: 'user', content: `Proofread: "${RENT}"`, meta: { action: 'proofread' } });
  });

  it('sends a window of paragraphs around the selection of a long document and records the coverage', async () => {
    const docId = await upload(owner, 'Framework.docx', longDocx());
    const selected = CLAUSES[149]!; // paragraph 153 of 303
    fake.next({ kind: 'reply', chunks: ['It means obligation 150 is done properly.'] });
    const res = await owner.post(chatUrl(docId), { content: `Explain: ${selected}`, action: 'explain', selection: selected }, SSE);
    const done = events(res.body).at(-1)!.data as ChatMessage;
    const coverage = done.meta!.coverage!;
    expect(coverage.total).toBe(303);
    expect(coverage.from).toBeGreaterThan(1);
    expect(coverage.to).toBeLessThan(303);
    expect(coverage.from).toBeLessThan(153);
    expect(coverage.to).toBeGreaterThan(153);
    const prompt = fake.lastPrompt();
    expect(prompt).toContain(`paragraphs ${coverage.from}–${coverage.to} of 303`);
    expect(prompt).toContain(`[153] ${selected}`);
    expect(prompt).not.toContain(`[4] ${CLAUSES[0]}`);
    expect(prompt).toContain('Explain the selected text');
  });

  it('answers a free question from the start of the document and remembers the earlier answers', async () => {
    const docId = await upload(owner, 'Questions.docx', longDocx());
    fake.next({ kind: 'reply', chunks: ['There are 300 clauses.'] });
    await owner.post(chatUrl(docId), { content: 'How many clauses are there?' }, SSE);
    const first = fake.requests[0]!.body.messages!;
    expect(first.at(-1)!.content).toContain('Question: How many clauses are there?');
    expect(first.at(-1)!.content).toContain(`[4] ${CLAUSES[0]}`);

    fake.next({ kind: 'reply', chunks: ['Clause 1.'] });
    const res = await owner.post(chatUrl(docId), { content: 'Which one comes first?' }, SSE);
    expect((events(res.body).at(-1)!.data as ChatMessage).meta!.coverage!.from).toBe(1);
    const second = fake.requests[1]!.body.messages!;
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second[1]!.content).toBe('How many clauses are there?');
    expect(second[2]!.content).toBe('There are 300 clauses.');
    expect((await list(owner, docId)).map((m) => m.content)).toEqual([
      'How many clauses are there?',
      'There are 300 clauses.',
      'Which one comes first?',
      'Clause 1.',
    ]);
  });
});

describe('the conversation and the document text', () => {
  /** The next conversation id: an insert into conversations takes one even when ON CONFLICT drops the row. */
  async function conversationSequence(): Promise<number> {
    const result = await t.database.db.execute(sql`select last_value from conversations_id_seq`);
    return Number((result as unknown as { rows: Array<{ last_value: number | string }> }).rows[0]!.last_value);
  }

  it('creates the conversation with the first message only, and no insert is attempted on later turns', async () => {
    const { agent: a, user } = await signedIn(t.app, 'once');
    const docId = await upload(a, 'Once.docx', leaseDocx());
    expect(await list(a, docId)).toEqual([]);
    expect(await countRows(t.database, 'conversations', { userId: user.id })).toBe(0);

    fake.next({ kind: 'reply', chunks: ['First.'] });
    expect((await a.post(chatUrl(docId), { content: 'One?' }, SSE)).statusCode).toBe(200);
    const sequence = await conversationSequence();
    for (const content of ['Two?', 'Three?', 'Four?']) {
      fake.next({ kind: 'reply', chunks: ['Again.'] });
      expect(events((await a.post(chatUrl(docId), { content }, SSE)).body).at(-1)!.event).toBe('done');
    }
    expect(await conversationSequence()).toBe(sequence);
    expect(await countRows(t.database, 'conversations', { userId: user.id })).toBe(1);
    expect((await list(a, docId)).map((m) => m.content)).toEqual(['One?', 'First.', 'Two?', 'Again.', 'Three?', 'Again.', 'Four?', 'Again.']);
    // The history came with the turn: the last question was sent after the three answered ones.
    expect(fake.requests.at(-1)!.body.messages!.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user']);
  });

  it('puts two first messages sent at once in one conversation', async () => {
    const { agent: a, user } = await signedIn(t.app, 'twice');
    const docId = await upload(a, 'Twice.docx', leaseDocx());
    fake.setDefault({ kind: 'reply', chunks: ['Answer.'] });
    try {
      const results = await Promise.all([a.post(chatUrl(docId), { content: 'Left?' }), a.post(chatUrl(docId), { content: 'Right?' })]);
      expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    } finally {
      fake.setDefault({ kind: 'reply', chunks: ['Hello', ' from', ' the fake model.'] });
    }
    expect(await countRows(t.database, 'conversations', { userId: user.id })).toBe(1);
    const messages = await list(a, docId);
    expect(messages.filter((m) => m.role === 'user').map((m) => m.content).sort()).toEqual(['Left?', 'Right?']);
    expect(messages).toHaveLength(4);
  });

  it('reads the saved text after a save, not the text it read before', async () => {
    const docId = await upload(owner, 'Saved.docx', leaseDocx());
    fake.next({ kind: 'reply', chunks: ['EUR 1,200.'] });
    await owner.post(chatUrl(docId), { content: 'What is the rent?', selection: RENT }, SSE);
    expect(fake.lastPrompt()).toContain(`[5] ${RENT}`);

    const newRent = 'The Tenant shall pay the monthly rent of EUR 1,450 on the last working day of each month.';
    const content = await owner.get(`/api/documents/${docId}/content`);
    const files = unzipSync(new Uint8Array(content.rawPayload));
    const xml = strFromU8(files['word/document.xml']!);
    expect(xml).toContain(RENT);
    files['word/document.xml'] = strToU8(xml.replace(RENT, newRent));
    const save = await owner.request({
      method: 'PUT',
      url: `/api/documents/${docId}/content`,
      payload: Buffer.from(zipSync(files)),
      headers: { 'content-type': DOCX, 'x-base-version': '1' },
    });
    expect(save.statusCode).toBe(200);

    fake.next({ kind: 'reply', chunks: ['EUR 1,450.'] });
    const res = await owner.post(chatUrl(docId), { content: 'And now?', selection: newRent }, SSE);
    expect((events(res.body).at(-1)!.data as ChatMessage).meta!.coverage).toEqual({ from: 1, to: 8, total: 8 });
    expect(fake.lastPrompt()).toContain(`[5] ${newRent}`);
    expect(fake.lastPrompt()).not.toContain(RENT);
  });
});

describe('when the model fails', () => {
  it('turns a 500 into an error event and a stored message, keeping the user message', async () => {
    const docId = await upload(owner, 'Failing.docx', leaseDocx());
    fake.next({ kind: 'error', status: 500, message: 'model crashed' });
    const res = await owner.post(chatUrl(docId), { content: 'Summarize this' }, SSE);
    const evs = events(res.body);
    expect(evs.map((e) => e.event)).toEqual(['error']);
    expect(evs[0]!.data).toMatchObject({ code: 'ai_error' });
    expect(evs[0]!.data.message).toBe(
      'The AI model returned an error (500 Internal Server Error: model crashed). Your message was kept; try again.',
    );
    const messages = await list(owner, docId);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Summarize this'],
      ['assistant', evs[0]!.data.message],
    ]);
    expect(messages[1]!.meta!.error).toEqual({ code: 'ai_error' });
    expect(evs[0]!.data.chatMessage).toEqual(messages[1]);
  });

  it('reports a connection cut in the middle of the answer', async () => {
    const docId = await upload(owner, 'Dropped.docx', leaseDocx());
    fake.next({ kind: 'drop', chunks: ['The rent', ' is'] });
    const res = await owner.post(chatUrl(docId), { content: 'How much is the rent?' }, SSE);
    const evs = events(res.body);
    expect(evs.filter((e) => e.event === 'token').map((e) => e.data.text)).toEqual(['The rent', ' is']);
    expect(evs.at(-1)).toMatchObject({ event: 'error', data: { code: 'ai_interrupted' } });
    expect(evs.at(-1)!.data.message).toBe(
      `The connection to the AI model at 127.0.0.1:${fake.port} broke off before the answer was complete. Your message was kept; try again.`,
    );
    expect((await list(owner, docId)).map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('answers 502 with the error shape and the stored message without an event stream', async () => {
    fake.next({ kind: 'error', status: 500 });
    const res = await owner.post(chatUrl(leaseId), { content: 'Hello?' });
    expect(res.statusCode).toBe(502);
    const err = res.json().error;
    expect(err.code).toBe('ai_error');
    expect(err.message).toContain('The AI model returned an error (500 Internal Server Error');
    expect(err.details.chatMessage).toMatchObject({ role: 'assistant', content: err.message, meta: { error: { code: 'ai_error' } } });
    expect((await list(owner, leaseId)).at(-1)).toEqual(err.details.chatMessage);
  });

  it('stops waiting when the client disconnects, and tells the model server so', async () => {
    const docId = await upload(owner, 'Abandoned.docx', leaseDocx());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    fake.next({ kind: 'stall', chunks: ['Thinking'] });
    const payload = JSON.stringify({ content: 'Tell me everything' });
    const cookie = [...owner.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: chatUrl(docId),
      headers: { ...SSE, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), cookie },
    });
    const firstChunk = new Promise<string>((resolve, reject) => {
      request.on('response', (res) => res.once('data', (d: Buffer) => resolve(d.toString('utf8'))));
      request.on('error', reject);
    });
    request.end(payload);
    expect(await firstChunk).toContain('event: token');
    request.destroy();

    await expect.poll(() => fake.requests[0]?.clientClosed, { timeout: 5000 }).toBe(true);
    await expect.poll(async () => (await list(owner, docId)).length, { timeout: 5000 }).toBe(2);
    const [, answer] = await list(owner, docId);
    expect(answer!.meta!.error).toEqual({ code: 'ai_cancelled' });
  });
});

describe('timeouts', () => {
  let database: Database;
  let dataDir: string;
  let app: FastifyInstance;
  let user: Agent;
  let docId: number;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'redraft-chat-'));
    database = await openTestDatabase();
    app = await bootApp(database, dataDir, fake.url, { firstTokenMs: 500, idleMs: 500, totalMs: 5000 });
    user = (await signedIn(app, 'slow')).agent;
    docId = await upload(user, 'Slow.docx', leaseDocx());
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('gives up on a stream that stalls after some tokens', async () => {
    fake.next({ kind: 'stall', chunks: ['The rent', ' is'] });
    const res = await user.post(chatUrl(docId), { content: 'How much is the rent?' }, SSE);
    const evs = events(res.body);
    expect(evs.filter((e) => e.event === 'token')).toHaveLength(2);
    expect(evs.at(-1)).toMatchObject({
      event: 'error',
      data: { code: 'ai_timeout', message: 'The AI model stopped answering (nothing for 0.5 s). Your message was kept; try again.' },
    });
    await expect.poll(() => fake.requests[0]?.clientClosed).toBe(true);
  });

  it('gives up on a model that never starts answering, with 504 without an event stream', async () => {
    fake.next({ kind: 'stall', chunks: [] });
    const res = await user.post(chatUrl(docId), { content: 'Anyone there?' });
    expect(res.statusCode).toBe(504);
    expect(res.json().error).toMatchObject({
      code: 'ai_timeout',
      message: 'The AI model did not answer in time (0.5 s). Your message was kept; try again.',
    });
    expect((await list(user, docId)).slice(-2).map((m) => m.content)).toEqual([
      'Anyone there?',
      'The AI model did not answer in time (0.5 s). Your message was kept; try again.',
    ]);
  });
});

describe('without an event stream', () => {
  it('answers 201 with the stored assistant message', async () => {
    fake.next({ kind: 'reply', chunks: ['Three months', ' notice.'] });
    const res = await owner.post(chatUrl(leaseId), { content: 'What is the notice period?' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'assistant', content: 'Three months notice.', meta: { coverage: { from: 1, to: 8, total: 8 } } });
    expect(fake.requests[0]!.body.stream).toBe(true);
    expect((await list(owner, leaseId)).at(-1)).toEqual(res.json());
  });
});

describe('who may chat, and about what', () => {
  it("answers 404 for another user's document on both routes, storing nothing and asking no model", async () => {
    const before = await list(owner, leaseId);
    expect((await stranger.get(chatUrl(leaseId))).statusCode).toBe(404);
    const post = await stranger.post(chatUrl(leaseId), { content: 'Show me' }, SSE);
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
    expect((await stranger.post(chatUrl(999_999), { content: 'Anyone?' })).statusCode).toBe(404);
    expect(await list(owner, leaseId)).toEqual(before);
    expect(fake.requests).toHaveLength(0);
  });

  it('asks for sign-in', async () => {
    expect((await agent(t.app).get(chatUrl(leaseId))).statusCode).toBe(401);
    expect((await agent(t.app).post(chatUrl(leaseId), { content: 'Hi' })).statusCode).toBe(401);
  });

  it.each([
    ['an empty message', { content: '   ' }],
    ['a missing message', { action: 'explain', selection: 'x' }],
    ['an unknown field', { content: 'Hi', temperature: 2 }],
    ['an unknown action', { content: 'Hi', action: 'translate', selection: 'x' }],
    ['a message over 8000 characters', { content: 'x'.repeat(8001) }],
    ['a selection over 20000 characters', { content: 'Hi', selection: 'x'.repeat(20_001) }],
    ['an edit without a selection', { content: 'Rewrite', action: 'rewrite' }],
    ['a message that is not text', { content: 42 }],
  ])('refuses %s with 400 and stores nothing', async (_what, payload) => {
    const before = await list(owner, leaseId);
    const res = await owner.post(chatUrl(leaseId), payload, SSE);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(await list(owner, leaseId)).toEqual(before);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses an id that is not an integer', async () => {
    expect((await owner.get('/api/documents/abc/chat')).statusCode).toBe(400);
  });
});

describe('the default offline engine', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await createTestApp();
  });
  afterAll(() => offline.close());

  it('streams a proofread of the selection, word by word, without any network', async () => {
    const a = (await signedIn(offline.app, 'offline')).agent;
    const typo = 'The the rent is due on the first day of each month.';
    const id = await upload(a, 'Offline lease.docx', buildTemplateDocx({ title: 'Lease', subtitle: 'Offline', description: 'x', sections: [{ heading: 'Rent', bullets: [typo] }] }));
    const res = await a.post(chatUrl(id), { content: `Proofread: ${typo}`, action: 'proofread', selection: typo }, SSE);
    const evs = events(res.body);
    expect(evs.filter((e) => e.event === 'token').length).toBeGreaterThan(1);
    const done = evs.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({
      content: 'The rent is due on the first day of each month.',
      meta: { action: 'proofread', provider: 'offline', model: 'offline', coverage: { from: 1, to: 4, total: 4 } },
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('a restart', () => {
  it('keeps the conversation: a new server on the same database lists the same messages', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'redraft-restart-'));
    // The same database twice: a PGlite directory on disk, or a scratch PostgreSQL database.
    const scratch = await createScratchPostgres();
    const open = () => openDatabase(scratch ? { url: scratch.url } : { dataDir });
    try {
      let database = await open();
      let app = await bootApp(database, dataDir, fake.url);
      const before = await signedIn(app, 'restart');
      const docId = await upload(before.agent, 'Restart.docx', leaseDocx());
      fake.next({ kind: 'reply', chunks: ['Saved', ' answer.'] });
      expect((await before.agent.post(chatUrl(docId), { content: 'Remember this' })).statusCode).toBe(201);
      const stored = await list(before.agent, docId);
      await app.close();
      await database.close();

      database = await open();
      app = await bootApp(database, dataDir, fake.url);
      const after = agent(app);
      for (const [k, v] of before.agent.jar) after.jar.set(k, v);
      const res = await after.get(chatUrl(docId));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(stored);
      expect(stored.map((m: ChatMessage) => m.content)).toEqual(['Remember this', 'Saved answer.']);
      await app.close();
      await database.close();
    } finally {
      await scratch?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
