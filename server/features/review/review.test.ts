/**
 * The whole-document review over HTTP (issue 16): built-in rules with no model, free-text rules
 * through the stub OpenAI-protocol model, coverage, staleness, findings' status, and bad input.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Finding, Review } from '@common/schemas/review';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { saveDocx, uploadDocx } from '../../../tests/support/documents';
import { buildDocx, paragraphXml } from '../../../tests/support/docx/fixtures';
import { type FakeOpenAI, startFakeOpenAI } from '../../../tests/support/fake-openai';
import { editDocx, replaceText } from '../../../tests/support/paragraph-edits';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const PLANTED = [
  'Services Agreement',
  'This agreement is made between Northwind Ltd (the "Supplier") and Contoso plc (the "Customer").',
  'The Supplier shall deliver the goods within thirty (31) days of the order.',
  'The Customer pays each invoice within 45 days of the invoice date.',
  'The the Supplier keeps the records for six years.',
  'Either party may end this agreement by notice in writing.',
];
const docx = (paragraphs: string[]) => buildDocx({ body: paragraphs.map(paragraphXml).join('') });
const SSE = { accept: 'text/event-stream' };

let fake: FakeOpenAI;
let offline: TestApp;
let withModel: TestApp;
let owner: Agent;
let stranger: Agent;
let modelUser: Agent;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  offline = await createTestApp();
  withModel = await createTestApp({ env: { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.url, AI_MODEL: 'test' } });
  owner = (await signedIn(offline.app)).agent;
  stranger = (await signedIn(offline.app)).agent;
  modelUser = (await signedIn(withModel.app)).agent;
});
afterAll(async () => {
  await offline.close();
  await withModel.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function upload(a: Agent, bytes: Uint8Array): Promise<number> {
  const res = await uploadDocx(a, bytes, 'agreement.docx');
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const review = async (a: Agent, id: number) => {
  const res = await a.post(`/api/documents/${id}/review`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Review;
};
const byRule = (r: Review, rule: string) => r.findings.filter((f) => f.rule === rule);

describe('a review with the built-in rules', () => {
  it('finds the planted problems with their paragraph, quote and reason, and covers every paragraph', async () => {
    const id = await upload(owner, docx(PLANTED));
    const r = await review(owner, id);
    expect(r.status).toBe('complete');
    expect(r.coverage).toEqual({ reviewed: PLANTED.length, total: PLANTED.length });
    expect(r.version).toBe(1);
    expect(r.stale).toBe(false);
    const [numbers] = byRule(r, 'numbers');
    expect(numbers).toMatchObject({ quote: expect.stringContaining('thirty (31)'), paragraph: { number: 3, part: 'body', paraId: expect.any(String) }, source: 'offline', status: 'open' });
    expect(numbers!.paragraph.start).toBe(PLANTED[2]!.slice(0, 60));
    const [repeated] = byRule(r, 'repeated-words');
    expect(repeated).toMatchObject({ paragraph: { number: 5 }, quote: expect.stringMatching(/^The the$/i) });
    for (const f of r.findings) {
      // Every quote is the text at its offset in the paragraph it names.
      expect(PLANTED[f.paragraph.number - 1]!.slice(f.offset, f.offset + f.quote.length)).toBe(f.quote);
      expect(f.reason.length).toBeGreaterThan(5);
    }
    expect(new Set(r.findings.map((f) => f.id)).size).toBe(r.findings.length);
  });

  it('streams progress, then the review; the latest review is kept and marked stale after a save', async () => {
    const id = await upload(owner, docx(PLANTED));
    const res = await owner.post(`/api/documents/${id}/review`, undefined, SSE);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = res.body
      .split('\n\n')
      .filter((b) => b.trim())
      .map((b) => ({ event: /^event: (.*)$/m.exec(b)![1], data: JSON.parse(/^data: (.*)$/m.exec(b)![1]!) }));
    expect(events.filter((e) => e.event === 'progress').length).toBeGreaterThanOrEqual(2);
    const final = events.at(-1)!;
    expect(final.event).toBe('review');
    const latest = (await owner.get(`/api/documents/${id}/review`)).json() as Review;
    expect(latest).toEqual(final.data);

    const content = await owner.get(`/api/documents/${id}/content`);
    const saved = await saveDocx(owner, id, Number(content.headers['x-document-version']), editDocx(new Uint8Array(content.rawPayload), replaceText('six years', 'seven years')));
    expect(saved.statusCode).toBe(200);
    expect(((await owner.get(`/api/documents/${id}/review`)).json() as Review).stale).toBe(true);
  });

  it('a switched-off rule finds nothing, and a clean document gives no findings', async () => {
    const id = await upload(owner, docx(PLANTED));
    expect((await owner.put('/api/style-rules', { disabled: ['numbers', 'repeated-words'] })).statusCode).toBe(200);
    try {
      const r = await review(owner, id);
      expect(byRule(r, 'numbers')).toEqual([]);
      expect(byRule(r, 'repeated-words')).toEqual([]);
    } finally {
      await owner.put('/api/style-rules', {});
    }
    const clean = await upload(owner, docx(['Services Agreement', 'The supplier delivers the goods within thirty (30) days of the order.', 'The customer pays each invoice within thirty days.']));
    expect((await review(owner, clean)).findings).toEqual([]);
  });

  it('marks findings applied or dismissed, and answers 404 for another user and 400 for bad ids', async () => {
    const id = await upload(owner, docx(PLANTED));
    const r = await review(owner, id);
    const first = r.findings[0]!;
    const url = `/api/documents/${id}/review/${r.id}/findings/${first.id}`;
    const patched = await owner.patch(url, { status: 'dismissed' });
    expect(patched.statusCode).toBe(200);
    expect((patched.json() as Review).findings.find((f: Finding) => f.id === first.id)!.status).toBe('dismissed');
    expect(((await owner.get(`/api/documents/${id}/review`)).json() as Review).findings[0]!.status).toBe('dismissed');

    expect((await stranger.patch(url, { status: 'applied' })).statusCode).toBe(404);
    expect((await stranger.get(`/api/documents/${id}/review`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/documents/${id}/review`)).statusCode).toBe(404);
    expect((await owner.patch(`/api/documents/${id}/review/${r.id}/findings/f99999`, { status: 'applied' })).statusCode).toBe(404);
    expect((await owner.patch(`/api/documents/${id}/review/${r.id}/findings/nope`, { status: 'applied' })).statusCode).toBe(400);
    expect((await owner.patch(url, { status: 'open' })).statusCode).toBe(400);
    expect((await owner.patch(url, { status: 'applied', extra: 1 })).statusCode).toBe(400);
    expect((await owner.get('/api/documents/0/review')).statusCode).toBe(400);
    // Nothing changed by the refused requests.
    expect(((await owner.get(`/api/documents/${id}/review`)).json() as Review).findings[0]!.status).toBe('dismissed');
  });

  it('says the free-text rules need a model when none is configured', async () => {
    const id = await upload(owner, docx(PLANTED));
    expect((await owner.put('/api/style-rules', { freeTextRules: [{ id: 'payment', text: 'Payment terms must not exceed 30 days' }] })).statusCode).toBe(200);
    try {
      const r = await review(owner, id);
      expect(r.failures).toEqual(['Your free-text rules need an AI model, and none is configured, so only the built-in checks ran.']);
      expect(r.findings.every((f) => f.source === 'offline')).toBe(true);
    } finally {
      await owner.put('/api/style-rules', {});
    }
  });
});

describe('free-text rules through a model', () => {
  const RULES = { freeTextRules: [{ id: 'payment', text: 'Payment terms must not exceed 30 days' }] };
  const answer = (findings: unknown[]) => ({ kind: 'reply' as const, chunks: [JSON.stringify({ findings })] });

  it('shows the findings whose quotes are real, drops and counts an invented one', async () => {
    expect((await modelUser.put('/api/style-rules', RULES)).statusCode).toBe(200);
    const id = await upload(modelUser, docx(PLANTED));
    fake.next(
      answer([
        { rule: 'payment', paragraph: 4, quote: 'within 45 days', reason: 'Payment terms exceed 30 days.', replacement: 'within 30 days' },
        { rule: 'payment', paragraph: 3, quote: 'within ninety days', reason: 'Invented.', replacement: null },
      ]),
    );
    const r = await review(modelUser, id);
    const model = r.findings.filter((f) => f.source === 'model');
    expect(model).toEqual([
      expect.objectContaining({ rule: 'custom:payment', ruleLabel: 'Payment terms must not exceed 30 days', quote: 'within 45 days', replacement: 'within 30 days', paragraph: expect.objectContaining({ number: 4 }) }),
    ]);
    expect(model[0]!.offset).toBe(PLANTED[3]!.indexOf('within 45 days'));
    expect(r.dropped).toBe(1);
    expect(r.coverage).toEqual({ reviewed: PLANTED.length, total: PLANTED.length });
    // The model was sent the rule and every paragraph, numbered.
    expect(fake.lastPrompt()).toContain('payment: Payment terms must not exceed 30 days');
    for (let i = 0; i < PLANTED.length; i++) expect(fake.lastPrompt()).toContain(`[${i + 1}] ${PLANTED[i]}`);
  });

  it('reports a model failure mid-review, with partial coverage that says so, and keeps the rest', async () => {
    expect((await modelUser.put('/api/style-rules', RULES)).statusCode).toBe(200);
    // Long enough for several chunks at the test model's context.
    const many = Array.from({ length: 400 }, (_, i) => `Clause ${i + 1}. The Customer pays each invoice within ${i % 2 ? 30 : 60} days of the invoice date, without set-off or deduction of any kind.`);
    const id = await upload(modelUser, docx(many));
    let calls = 0;
    fake.respondWith((req) => {
      calls += 1;
      if (calls === 2) return { kind: 'error', status: 500, message: 'model crashed' };
      const prompt = req.body.messages?.at(-1)?.content ?? '';
      const findings = [...prompt.matchAll(/^\[(\d+)\] .*within 60 days/gm)].map((m) => ({ rule: 'payment', paragraph: Number(m[1]), quote: 'within 60 days', reason: 'Over 30 days.' }));
      return answer(findings);
    });
    const r = await review(modelUser, id);
    expect(calls).toBeGreaterThan(2);
    expect(r.status).toBe('complete');
    expect(r.coverage.total).toBe(400);
    expect(r.coverage.reviewed).toBeLessThan(400);
    expect(r.coverage.reviewed).toBeGreaterThan(0);
    expect(r.failures, JSON.stringify({ failures: r.failures, coverage: r.coverage, calls })).toHaveLength(1);
    expect(r.failures[0]).toMatch(/^Paragraphs \d+–\d+: .*500/);
    expect(r.findings.filter((f) => f.source === 'model').length).toBeGreaterThan(0);
  });

  it('is cancelled when the client goes away: nothing more is sent to the model, and the review says what it covered', async () => {
    expect((await modelUser.put('/api/style-rules', RULES)).statusCode).toBe(200);
    const many = Array.from({ length: 600 }, (_, i) => `Clause ${i + 1}. The Customer pays each invoice within 60 days of the invoice date, without set-off or deduction of any kind.`);
    const id = await upload(modelUser, docx(many));
    // Every request hangs: the review can only end by being cancelled.
    fake.setDefault({ kind: 'stall', chunks: [] });
    try {
      await withModel.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = withModel.app.server.address() as AddressInfo;
      const cookie = [...modelUser.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: `/api/documents/${id}/review`, headers: { ...SSE, cookie } });
      const firstProgress = new Promise<string>((resolve, reject) => {
        request.on('response', (res) => res.once('data', (d: Buffer) => resolve(d.toString('utf8'))));
        request.on('error', reject);
      });
      request.end();
      expect(await firstProgress).toContain('event: progress');
      await expect.poll(() => fake.requests.length, { timeout: 10_000 }).toBe(3);
      // A second review while this one runs is refused: one at a time per person.
      expect((await modelUser.post(`/api/documents/${id}/review`)).statusCode).toBe(429);
      request.destroy();

      await expect.poll(async () => ((await modelUser.get(`/api/documents/${id}/review`)).json() as Review).status, { timeout: 10_000 }).toBe('cancelled');
      const r = (await modelUser.get(`/api/documents/${id}/review`)).json() as Review;
      expect(r.coverage.total).toBe(600);
      expect(r.coverage.reviewed).toBeLessThan(600);
      expect(fake.requests).toHaveLength(3);
      await expect.poll(() => fake.requests.every((req) => req.clientClosed), { timeout: 5_000 }).toBe(true);
    } finally {
      fake.setDefault({ kind: 'reply', chunks: [JSON.stringify({ findings: [] })] });
    }
  });
});
