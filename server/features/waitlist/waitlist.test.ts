/**
 * POST /api/waitlist (docs/decisions/011-landing-page-budget.md): docs/product.md §5's validation, docs/product.md §9's defaults, one entry per
 * email whatever its case or spacing, positions that stay put, 1..N under concurrency, and the
 * per-address rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent } from '../../../tests/support/agent';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** A fresh client address, so the per-address limit does not couple unrelated tests. */
const visitor = (app = t.app) => agent(app, { ip: `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}` });

let emailCounter = 0;
const signUp = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ann Example',
  email: `ann${++emailCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
  company: 'Example LLP',
  useCase: 'Redlining supplier contracts every week.',
  ...overrides,
});

// Raw reads of the table (tests may not import Drizzle's operators; the relational API needs none).
const rows = (app: TestApp = t) => app.deps.database.db.query.waitlistUsers.findMany({ orderBy: (w, { asc }) => [asc(w.id)] });
const rowCount = async () => (await rows()).length;
const rowFor = (email: string) => t.deps.database.db.query.waitlistUsers.findFirst({ where: (w, { eq }) => eq(w.email, email) });
const issues = (res: { json: () => { error: { details: { issues: Array<{ path: string; message: string }> } } } }) =>
  res.json().error.details.issues;

describe('validation: each bad field is a 400 naming the field, and nothing is stored', () => {
  it.each([
    ['name too short', { name: 'A' }, 'name', 'Name must be at least 2 characters'],
    ['name only spaces', { name: '   ' }, 'name', 'Name must be at least 2 characters'],
    ['name missing', { name: undefined }, 'name', 'Name must be at least 2 characters'],
    ['name not text', { name: 42 }, 'name', 'Name must be at least 2 characters'],
    ['name too long', { name: 'N'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    ['email invalid', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['email missing', { email: undefined }, 'email', 'Please enter a valid email address'],
    ['email not text', { email: ['a@example.com'] }, 'email', 'Please enter a valid email address'],
    ['email too long', { email: `${'e'.repeat(250)}@example.com` }, 'email', 'Email must be at most 254 characters'],
    ['company not text', { company: 7 }, 'company', 'Company must be text'],
    ['company too long', { company: 'C'.repeat(201) }, 'company', 'Company must be at most 200 characters'],
    ['use case too short', { useCase: 'Contracts' }, 'useCase', 'Please tell us a bit more about your use case'],
    ['use case missing', { useCase: undefined }, 'useCase', 'Please tell us a bit more about your use case'],
    ['use case not text', { useCase: { text: 'long enough text' } }, 'useCase', 'Please tell us a bit more about your use case'],
    ['use case too long', { useCase: 'u'.repeat(2001) }, 'useCase', 'Use case must be at most 2000 characters'],
  ])('%s', async (_label, overrides, field, message) => {
    const before = await rowCount();
    const res = await visitor().post('/api/waitlist', signUp(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(issues(res)).toContainEqual({ path: field, message });
    expect(await rowCount()).toBe(before);
  });

  it('refuses unknown fields (a visitor cannot set their own status or priority)', async () => {
    const before = await rowCount();
    const res = await visitor().post('/api/waitlist', signUp({ status: 'invited', priority: 100 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(JSON.stringify(issues(res))).toMatch(/status|priority|unrecognized/i);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a non-JSON body with 415 and a body that is not an object with 400', async () => {
    const before = await rowCount();
    const text = await visitor().request({
      method: 'POST',
      url: '/api/waitlist',
      payload: 'name=Ann&email=ann@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('unsupported_media_type');
    expect(text.json().error.message).toMatch(/JSON/);
    const array = await visitor().post('/api/waitlist', [signUp()]);
    expect(array.statusCode).toBe(400);
    const broken = await visitor().request({ method: 'POST', url: '/api/waitlist', payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('The request body is not valid JSON.');
    expect(await rowCount()).toBe(before);
  });

  it('refuses an oversized body with 413 before reading it, but takes the longest valid one', async () => {
    const before = await rowCount();
    const huge = await visitor().post('/api/waitlist', signUp({ useCase: 'u'.repeat(20_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toMatchObject({ code: 'payload_too_large', message: 'The request is too large.' });
    expect(await rowCount()).toBe(before);
    // Every field at its maximum, in 3-byte characters, still fits.
    const longest = signUp({ name: '名'.repeat(100), company: '社'.repeat(200), useCase: '用'.repeat(2000) });
    expect((await visitor().post('/api/waitlist', longest)).statusCode).toBe(201);
  });
});

describe('sign-up', () => {
  it('stores docs/product.md §9 defaults and answers 201 with the position', async () => {
    const input = signUp({ company: undefined });
    const res = await visitor().post('/api/waitlist', input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['alreadyJoined', 'message', 'position']);
    expect(body.alreadyJoined).toBe(false);
    expect(body.message).toBe(`You're on the waitlist! You're #${body.position} in line.`);
    const row = await rowFor(input.email);
    expect(row).toMatchObject({
      name: input.name,
      email: input.email,
      company: null,
      useCase: input.useCase,
      source: 'homepage',
      status: 'pending',
      priority: 0,
      optInMarketing: true,
      emailVerified: false,
      notes: null,
      verifiedAt: null,
      invitedAt: null,
      activatedAt: null,
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('stores script and SQL as the text given, in every text field', async () => {
    const script = '<script>alert("x")</script>';
    const sqlText = "'; drop table waitlist_users; --";
    const input = signUp({ name: script, company: sqlText, useCase: `${script} ${sqlText}` });
    const res = await visitor().post('/api/waitlist', input);
    expect(res.statusCode).toBe(201);
    const row = await rowFor(input.email);
    expect(row).toMatchObject({ name: script, company: sqlText, useCase: `${script} ${sqlText}` });
    expect(await rowCount()).toBeGreaterThan(0);
  });

  it('a second sign-up with the same email in another case and with spaces adds no row and answers 200 with the same position', async () => {
    const input = signUp({ email: 'Dana.Dup@Example.com' });
    const first = await visitor().post('/api/waitlist', input);
    expect(first.statusCode).toBe(201);
    const { position } = first.json();
    await visitor().post('/api/waitlist', signUp());
    const before = await rowCount();
    for (const email of ['dana.dup@example.com', '  DANA.DUP@EXAMPLE.COM  ', '\tDana.Dup@example.COM\n']) {
      const again = await visitor().post('/api/waitlist', { ...input, name: 'Someone Else', email });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({
        position,
        alreadyJoined: true,
        message: `This email is already on the waitlist. You're #${position} in line.`,
      });
    }
    expect(await rowCount()).toBe(before);
    const stored = (await rows()).filter((r) => r.email.toLowerCase() === 'dana.dup@example.com');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: 'dana.dup@example.com', name: input.name });
  });
});

describe('positions', () => {
  it('are 1..N in order of sign-up on a fresh list, and stay put', async () => {
    const fresh = await createTestApp();
    try {
      const inputs = Array.from({ length: 5 }, () => signUp());
      const positions = [];
      for (const input of inputs) positions.push((await visitor(fresh.app).post('/api/waitlist', input)).json().position);
      expect(positions).toEqual([1, 2, 3, 4, 5]);
      for (const [i, input] of inputs.entries()) {
        expect((await visitor(fresh.app).post('/api/waitlist', { ...input, email: input.email.toUpperCase() })).json().position).toBe(i + 1);
      }
      expect((await visitor(fresh.app).post('/api/waitlist', signUp())).json().position).toBe(6);
      expect((await visitor(fresh.app).post('/api/waitlist', inputs[2])).json().position).toBe(3);
    } finally {
      await fresh.close();
    }
  });

  it('30 concurrent sign-ups get exactly 1..30, and concurrent duplicates one row', async () => {
    const fresh = await createTestApp();
    try {
      const inputs = Array.from({ length: 30 }, () => signUp());
      const answers = await Promise.all(inputs.map((input) => visitor(fresh.app).post('/api/waitlist', input)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(201));
      const positions = answers.map((a) => a.json().position as number);
      expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      // Each answer is the entry's place by id, so asking again gives the same number.
      const stored = await rows(fresh);
      expect(stored).toHaveLength(30);
      for (const [i, input] of inputs.entries()) {
        expect(stored.findIndex((r) => r.email === input.email) + 1).toBe(positions[i]);
      }
      // The same new email sent 10 times at once: one row, one position for all.
      const twin = signUp();
      const twins = await Promise.all(
        Array.from({ length: 10 }, (_, i) => visitor(fresh.app).post('/api/waitlist', { ...twin, email: i % 2 ? twin.email.toUpperCase() : twin.email })),
      );
      expect(twins.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(twins.map((a) => a.json().position))).toEqual(new Set([31]));
      expect(await rows(fresh)).toHaveLength(31);
    } finally {
      await fresh.close();
    }
  });
});

describe('rate limit per address', () => {
  it('refuses the fourth sign-up from one address with 429 and Retry-After, stores nothing, and leaves other addresses alone', async () => {
    const limited = await createTestApp({ limits: { rates: { waitlistPerIp: { max: 3 } } } });
    try {
      const a = agent(limited.app, { ip: '192.0.2.7' });
      for (let i = 0; i < 3; i++) expect((await a.post('/api/waitlist', signUp())).statusCode).toBe(201);
      const refused = await a.post('/api/waitlist', signUp());
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(refused.json().error).toMatchObject({ code: 'rate_limited', details: { retryAfterSeconds: Number(refused.headers['retry-after']) } });
      expect(refused.json().error.message).toMatch(/^Too many waitlist sign-ups\. Please try again in \d+ (minutes?|seconds?)\.$/);
      expect(await rows(limited)).toHaveLength(3);
      expect((await agent(limited.app, { ip: '192.0.2.8' }).post('/api/waitlist', signUp())).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
