/**
 * Hostile input on every route the app registers (issue 18, point 3). The routes come from Fastify
 * itself (tests/support/routes.ts) and each must have a line in ROUTES, so a route added later fails
 * the first test until someone says what it is. What a line says decides which checks run:
 *
 *   1 another user's ids   `owner`: another person's id answers 404; `staff`: 403 for anyone else;
 *                          `signed-link`: a link signed for another document is refused. Always the
 *                          same answer as for an id nobody has, and the owner's rows and files unchanged.
 *   2 bad path values      every integer parameter ('abc', '1e3', ' 1', 20 digits...): 400; every other
 *                          parameter: 400 or 404; always the error shape, never 500, nothing changed.
 *   3 bad bodies           every route with a `body` (all but GET): broken JSON, a non-object, a form,
 *                          one byte over its `limit` (and not 413 at it), unknown fields: 400/413/415.
 *   4 nothing leaks        every answer in this file: no stack, source path, password hash, another
 *                          person's email or the owner's private text (send() checks each one).
 *   5 SQL and script text  `stores`: kept and returned verbatim, as JSON strings; tables still there.
 *   6 foreign origin       every route with a `body`: 403, nothing changed.
 *
 * The app is set up for ONLYOFFICE: the one configuration that registers every route and lets the
 * editor routes reach their ownership checks.
 */
import { createHash } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@common/limits';
import { type Agent, agent, newAccount, signedIn } from '../../tests/support/agent';
import { buildDocx, paragraphXml } from '../../tests/support/docx/fixtures';
import { DOCX, multipart } from '../../tests/support/multipart';
import { createOnlyofficeApp } from '../../tests/support/onlyoffice';
import { countRows } from '../../tests/support/row-counts';
import { registeredRoutes } from '../../tests/support/routes';
import { CANVAS_BODY_BYTES } from '../features/business-model/business-model.routes';
import { CALLBACK_BODY_BYTES } from '../features/onlyoffice/onlyoffice.routes';
import { LIMITS, type LimitName } from '../features/rate-limit/rate-limit.service';
import { STYLE_RULES_BODY_BYTES } from '../features/style-rules/style-rules.routes';
import { TASK_BODY_BYTES } from '../features/tasks/tasks.routes';
import { WAITLIST_BODY_BYTES } from '../features/waitlist/waitlist.routes';
import { CHAT_BODY_BYTES, DOCX_BODY_BYTES, JSON_BODY_BYTES } from './body-policy';

type Access = 'public' | 'signed-in' | 'owner' | 'staff' | 'signed-link';
/** body-policy.ts's kinds; `loose-json` keeps unknown fields (a Document Server's callback), `text` is the import's file. */
type Body = 'none' | 'json' | 'loose-json' | 'text' | 'docx' | 'multipart';
type Line = { access: Access; body?: Body; limit?: number; stores?: true };

/** A route without a body schema takes `{}` at most (body-policy.ts, docs/decisions/010-request-bodies-per-route.md). */
const NO_BODY = 64;
const none = { body: 'none', limit: NO_BODY } as const;

const ROUTES: Record<string, Line> = {
  'GET /api/health': { access: 'public' },
  'GET /api/health/ready': { access: 'public' },
  'GET /api/health/live': { access: 'public' },
  'POST /api/auth/register': { access: 'public', body: 'json', limit: JSON_BODY_BYTES, stores: true },
  'POST /api/auth/login': { access: 'public', body: 'json', limit: JSON_BODY_BYTES },
  'POST /api/auth/demo': { access: 'public', ...none },
  'POST /api/auth/logout': { access: 'signed-in', ...none },
  'POST /api/auth/logout-all': { access: 'signed-in', ...none },
  'GET /api/auth/user': { access: 'signed-in' },
  'GET /api/documents': { access: 'signed-in' },
  'POST /api/documents/upload': { access: 'signed-in', body: 'multipart', limit: MAX_UPLOAD_BYTES },
  'GET /api/documents/:id': { access: 'owner' },
  'PATCH /api/documents/:id': { access: 'owner', body: 'json', limit: JSON_BODY_BYTES },
  'DELETE /api/documents/:id': { access: 'owner', ...none },
  'GET /api/documents/:id/download': { access: 'owner' },
  'GET /api/documents/:id/content': { access: 'owner' },
  'PUT /api/documents/:id/content': { access: 'owner', body: 'docx', limit: DOCX_BODY_BYTES },
  'GET /api/documents/:id/versions': { access: 'owner' },
  'GET /api/documents/:id/versions/:n/download': { access: 'owner' },
  'POST /api/documents/:id/versions/:n/restore': { access: 'owner', ...none },
  'GET /api/documents/:id/compare': { access: 'owner' },
  'GET /api/documents/:id/review': { access: 'owner' },
  'POST /api/documents/:id/review': { access: 'owner', ...none },
  'PATCH /api/documents/:id/review/:reviewId/findings/:findingId': { access: 'owner', body: 'json', limit: JSON_BODY_BYTES },
  'GET /api/documents/:id/chat': { access: 'owner' },
  'POST /api/documents/:id/chat': { access: 'owner', body: 'json', limit: CHAT_BODY_BYTES, stores: true },
  'GET /api/documents/:id/config': { access: 'owner' },
  'POST /api/documents/:id/config/refresh': { access: 'owner', ...none },
  'GET /api/documents/:id/callback/status': { access: 'owner' },
  'GET /api/documents/:id/file': { access: 'signed-link' },
  'POST /api/documents/:id/callback': { access: 'signed-link', body: 'loose-json', limit: CALLBACK_BODY_BYTES },
  'GET /api/demo/document': { access: 'public' },
  'GET /api/demo/config': { access: 'public' },
  'POST /api/demo/callback': { access: 'signed-link', body: 'loose-json', limit: CALLBACK_BODY_BYTES },
  'GET /sdkjs-plugins/redraft-assistant/*': { access: 'public' },
  'GET /sdkjs-plugins/v1/:file': { access: 'public' },
  'GET /api/templates': { access: 'signed-in' },
  'POST /api/templates/:id/use': { access: 'signed-in', ...none },
  'POST /api/waitlist': { access: 'public', body: 'json', limit: WAITLIST_BODY_BYTES, stores: true },
  'GET /api/tasks': { access: 'staff' },
  'GET /api/tasks/assignees': { access: 'staff' },
  'POST /api/tasks': { access: 'staff', body: 'json', limit: TASK_BODY_BYTES, stores: true },
  'PATCH /api/tasks/:id': { access: 'staff', body: 'json', limit: TASK_BODY_BYTES, stores: true },
  'POST /api/tasks/:id/move': { access: 'staff', body: 'json', limit: JSON_BODY_BYTES },
  'DELETE /api/tasks/:id': { access: 'staff', ...none },
  'GET /api/business-model': { access: 'staff' },
  'POST /api/business-model': { access: 'staff', body: 'json', limit: CANVAS_BODY_BYTES, stores: true },
  'PATCH /api/business-model/:id': { access: 'staff', body: 'json', limit: CANVAS_BODY_BYTES, stores: true },
  'POST /api/business-model/:id/move': { access: 'staff', body: 'json', limit: JSON_BODY_BYTES },
  'DELETE /api/business-model/:id': { access: 'staff', ...none },
  'GET /api/style-rules': { access: 'signed-in' },
  'PUT /api/style-rules': { access: 'signed-in', body: 'json', limit: STYLE_RULES_BODY_BYTES, stores: true },
  'GET /api/style-rules/export': { access: 'signed-in' },
  'POST /api/style-rules/import': { access: 'signed-in', body: 'text', limit: STYLE_RULES_BODY_BYTES, stores: true },
};

/** What a caller holds of their own: their sign-in, their document's version and file link. */
type Mine = { email: string; password: string; version: number; fileToken: string };
type Req = { payload?: InjectOptions['payload']; headers?: Record<string, string>; query?: Record<string, string> };

/** A request the allowed caller gets a 2xx for, where it needs more than the path. */
const VALID: Record<string, (m: Mine) => Req> = {
  'POST /api/auth/register': () => ({ payload: account('valid') }),
  'POST /api/auth/login': (m) => ({ payload: { email: m.email, password: m.password } }),
  'POST /api/documents/upload': () => multipart({ filename: 'another.docx', type: DOCX, bytes: docx(['Another document.']) }),
  'PATCH /api/documents/:id': () => ({ payload: { archived: true } }),
  'PUT /api/documents/:id/content': (m) => ({ payload: Buffer.from(docx(['Edited.'])), headers: { 'content-type': DOCX, 'x-base-version': String(m.version) } }),
  'GET /api/documents/:id/compare': () => ({ query: { from: '1', to: '2' } }),
  'PATCH /api/documents/:id/review/:reviewId/findings/:findingId': () => ({ payload: { status: 'dismissed' } }),
  'POST /api/documents/:id/chat': () => ({ payload: { content: 'What does this say?' } }),
  'GET /api/documents/:id/file': (m) => ({ query: { token: m.fileToken } }),
  'POST /api/documents/:id/callback': () => ({ payload: {} }),
  'POST /api/demo/callback': () => ({ payload: {} }),
  'POST /api/waitlist': () => ({ payload: { name: 'Jo Doe', email: account('list').email, useCase: 'Contracts for a small firm.' } }),
  'POST /api/tasks': () => ({ payload: { title: 'Another task' } }),
  'PATCH /api/tasks/:id': () => ({ payload: { title: 'Renamed' } }),
  'POST /api/tasks/:id/move': () => ({ payload: { status: 'done', index: 0 } }),
  'POST /api/business-model': () => ({ payload: { element: 'channels', title: 'Partners' } }),
  'PATCH /api/business-model/:id': () => ({ payload: { title: 'Renamed' } }),
  'POST /api/business-model/:id/move': () => ({ payload: { index: 0 } }),
  'PUT /api/style-rules': () => ({ payload: {} }),
  'POST /api/style-rules/import': () => ({ payload: '{}', headers: { 'content-type': 'application/json' } }),
};

/** The objects path parameters name. */
type Ids = { doc: number; version: number; review: number; finding: string; task: number; canvas: number; template: number };
const MAX_INT = 2_147_483_647;
const INTEGER_PARAMS = new Set(['id', 'n', 'reviewId']);
/** Hostile values for the parameters that are not integers. */
const STRING_PARAMS: Record<string, string[]> = {
  findingId: ['abc', 'f1%27%20OR%201%3D1', '%00'],
  file: ['abc', '..%2F..%2Fpackage.json'],
  '*': ['..%2F..%2F..%2Fpackage.json', '%00'],
};
const BAD_IDS = ['abc', '1.5', '-1', '0x10', '99999999999999999999', '1e3', ' 1', '0'];
/** Sent as they are: what the router itself cannot read (a broken %-escape, more than its 100 characters). */
const UNROUTABLE_IDS = ['%E0%A4%A', '9'.repeat(101)];
const PAYLOADS = ["'; DROP TABLE users; --", '<script>alert(1)</script>', '<img src=x onerror=alert(1)>'];
/** In the owner's document name, chat, style and board: nobody else may ever be answered it. */
const MARKER = 'owner-private-7f3c';
const EVIL = 'https://evil.example';

function paramValue(path: string, name: string, ids: Ids): string {
  if (name === 'id' && path.startsWith('/api/documents/')) return String(ids.doc);
  if (name === 'id' && path.startsWith('/api/tasks/')) return String(ids.task);
  if (name === 'id' && path.startsWith('/api/business-model/')) return String(ids.canvas);
  if (name === 'id' && path.startsWith('/api/templates/')) return String(ids.template);
  if (name === 'n') return String(ids.version);
  if (name === 'reviewId') return String(ids.review);
  if (name === 'findingId') return ids.finding;
  if (name === 'file') return 'plugins.js';
  if (name === '*') return 'config.json';
  throw new Error(`${path}: give :${name} a value in paramValue() and hostile values in the checks`);
}

const paramsOf = (route: string) => [...route.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
const methodOf = (route: string) => route.slice(0, route.indexOf(' ')) as NonNullable<InjectOptions['method']>;
const pathOf = (route: string) => route.slice(route.indexOf(' ') + 1);

function requestFor(route: string, ids: Ids, mine: Mine, params: Record<string, string> = {}): InjectOptions {
  const path = pathOf(route);
  const url = path.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => params[name ?? '*'] ?? paramValue(path, name ?? '*', ids));
  return { method: methodOf(route), url, ...VALID[route]?.(mine) };
}

const docx = (paragraphs: string[]) => buildDocx({ body: paragraphs.map(paragraphXml).join('') });
const PLANTED = ['Services Agreement', 'The the Supplier keeps the records for six years.', 'Either party may end this agreement by notice in writing.'];

type Caller = { agent: Agent; email?: string; owner?: true };
let t: Awaited<ReturnType<typeof createOnlyofficeApp>>;
let A: Caller & Mine;
let B: Caller & Mine;
let mineA: Ids;
let mineB: Ids;
let nobody: Ids;
const emails: string[] = [];
let answersChecked = 0;

function account(prefix: string) {
  const a = newAccount(prefix);
  emails.push(a.email);
  return a;
}

/** Every request in this file goes through here: each answer is checked for leaks (check 4). */
async function send(who: Caller, req: InjectOptions, label = `${req.method} ${req.url}`): Promise<LightMyRequestResponse> {
  const res = await who.agent.request(req);
  const type = String(res.headers['content-type'] ?? '');
  if (type === '' || /^(application\/json|text\/)/.test(type)) {
    const body = res.body;
    expect(body, `${label}: a stack trace`).not.toMatch(/\bat (?:\S+ )?\(?[^\s()]*[/\\][^\s()]*:\d+/);
    expect(body, `${label}: a module path`).not.toContain('node_modules');
    expect(body, `${label}: a source path`).not.toMatch(/\.[cm]?[jt]s:\d/);
    expect(body, `${label}: a password hash`).not.toContain('$argon2');
    const lower = body.toLowerCase();
    for (const email of emails) if (email !== who.email) expect(lower, `${label}: another person's email`).not.toContain(email.toLowerCase());
    if (!who.owner) expect(body, `${label}: the owner's private text`).not.toContain(MARKER);
    answersChecked += 1;
  }
  return res;
}

function expectError(res: LightMyRequestResponse, statuses: number[], label: string) {
  expect(statuses, `${label} answered ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
  const body = res.json() as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code, `${label}: error.code`).toBe('string');
  expect(typeof body.error?.message, `${label}: error.message`).toBe('string');
}

const anonymous = (): Caller => ({ agent: agent(t.app) });
/** Who may call a route: a visitor for the public and signed-link ones, else the owner (who is staff). */
const callerFor = (route: string): Caller => {
  const access = ROUTES[route]!.access;
  return access === 'public' || access === 'signed-link' ? anonymous() : A;
};

/**
 * Every row a request could change (bar counters and session times) and, with `files`, the owner's
 * files as the owner downloads them. Each stored version's sha256 is in its row.
 */
async function snapshot(files = false) {
  const q = t.deps.database.db.query;
  const reads = {
    users: q.users.findMany(),
    documents: q.documents.findMany(),
    versions: q.documentVersions.findMany(),
    editorKeys: q.editorKeys.findMany(),
    editorSaves: q.editorSaves.findMany(),
    templates: q.templates.findMany(),
    conversations: q.conversations.findMany(),
    chat: q.chatMessages.findMany(),
    waitlist: q.waitlistUsers.findMany(),
    tasks: q.tasks.findMany(),
    canvas: q.businessModelItems.findMany(),
    styleRules: q.styleRules.findMany(),
    reviews: q.documentReviews.findMany(),
  };
  const tables: Record<string, string[]> = {};
  for (const [name, read] of Object.entries(reads)) tables[name] = ((await read) as unknown[]).map((row) => JSON.stringify(row)).sort();
  const sha = async (url: string) => createHash('sha256').update((await send(A, { method: 'GET', url })).rawPayload).digest('hex');
  const downloads = files ? [await sha(`/api/documents/${mineA.doc}/download`), await sha(`/api/documents/${mineA.doc}/versions/1/download`)] : [];
  return { tables, sessions: await countRows(t.database, 'sessions'), downloads };
}

async function ok(who: Caller, req: InjectOptions, status = 200) {
  const res = await send(who, req, `setup: ${req.method} ${req.url}`);
  expect(res.statusCode, `setup: ${req.method} ${req.url}: ${res.body.slice(0, 300)}`).toBe(status);
  return res;
}

async function person(prefix: string): Promise<Caller & Mine & { role: string }> {
  const s = await signedIn(t.app, prefix);
  emails.push(s.account.email);
  return { agent: s.agent, email: s.account.email, password: s.account.password, role: s.user.role, version: 1, fileToken: '' };
}

async function ownDocument(who: Caller & Mine, name: string, paragraphs: string[]) {
  const upload = await send(who, { method: 'POST', url: '/api/documents/upload', ...multipart({ filename: name, type: DOCX, bytes: docx(paragraphs) }) });
  expect(upload.statusCode, upload.body).toBe(201);
  const id = (upload.json() as { id: number }).id;
  const config = await ok(who, { method: 'GET', url: `/api/documents/${id}/config` });
  who.fileToken = new URL((config.json() as { document: { url: string } }).document.url).searchParams.get('token')!;
  return id;
}

beforeAll(async () => {
  const generous = Object.fromEntries(Object.keys(LIMITS).map((name) => [name, { max: 1_000_000 }])) as Record<LimitName, { max: number }>;
  t = await createOnlyofficeApp({ limits: { rates: generous } });
  // The first account on a fresh instance is staff: the owner can reach every route.
  const a = await person('owner');
  const b = await person('other');
  expect([a.role, b.role]).toEqual(['staff', 'user']);
  A = { ...a, owner: true };
  B = b;
  const doc = await ownDocument(A, `${MARKER}.docx`, PLANTED);
  const edited = Buffer.from(docx([...PLANTED, 'Added in the editor.']));
  await ok(A, { method: 'PUT', url: `/api/documents/${doc}/content`, payload: edited, headers: { 'content-type': DOCX, 'x-base-version': '1' } });
  A.version = 2;
  const review = (await ok(A, { method: 'POST', url: `/api/documents/${doc}/review` })).json() as { id: number; findings: Array<{ id: string }> };
  expect(review.findings.length).toBeGreaterThan(0);
  await ok(A, { method: 'POST', url: `/api/documents/${doc}/chat`, payload: { content: `${MARKER}: explain`, action: 'explain', selection: PLANTED[1] } }, 201);
  await ok(A, { method: 'PUT', url: '/api/style-rules', payload: { freeTextRules: [{ id: 'private', text: MARKER }] } });
  const task = (await ok(A, { method: 'POST', url: '/api/tasks', payload: { title: MARKER } }, 201)).json() as { id: number };
  const canvas = (await ok(A, { method: 'POST', url: '/api/business-model', payload: { element: 'channels', title: MARKER } }, 201)).json() as { id: number };
  const template = ((await ok(A, { method: 'GET', url: '/api/templates' })).json() as Array<{ id: number }>)[0]!.id;
  mineA = { doc, version: 1, review: review.id, finding: review.findings[0]!.id, task: task.id, canvas: canvas.id, template };
  mineB = { ...mineA, doc: await ownDocument(B, 'other.docx', ['Somebody else entirely.']), review: MAX_INT, task: MAX_INT, canvas: MAX_INT };
  nobody = { ...mineA, doc: MAX_INT, review: MAX_INT, finding: 'f99999', task: MAX_INT, canvas: MAX_INT };
});
afterAll(() => t?.close());

const routesWith = (test: (key: string, line: Line) => boolean) => Object.keys(ROUTES).filter((key) => test(key, ROUTES[key]!));

describe('the table', () => {
  it('classifies every route the app registers, and only those', () => {
    const registered = registeredRoutes(t.app);
    const keys = registered.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((k) => !(k in ROUTES)), 'routes ROUTES does not classify: give each a line').toEqual([]);
    expect(Object.keys(ROUTES).filter((k) => !keys.includes(k)), 'lines in ROUTES for routes the app does not have').toEqual([]);
    for (const head of registered.filter((r) => r.method === 'HEAD')) expect(keys, 'a HEAD route is only ever the twin of a GET').toContain(`GET ${head.url}`);
    for (const [key, line] of Object.entries(ROUTES)) {
      expect(line.body === undefined, `${key}: a body kind for every method but GET`).toBe(key.startsWith('GET '));
      if (line.body) expect(line.limit, `${key}: its body limit`).toBeGreaterThan(0);
      if (line.body && line.body !== 'none') expect(VALID[key], `${key}: a valid request in VALID`).toBeDefined();
      if (line.stores) expect(ECHOES[key], `${key}: a case in ECHOES`).toBeDefined();
      for (const name of paramsOf(key)) {
        expect(() => paramValue(pathOf(key), name, mineA)).not.toThrow();
        expect(INTEGER_PARAMS.has(name) || STRING_PARAMS[name] !== undefined, `${key}: hostile values for :${name}`).toBe(true);
      }
    }
    expect([...Object.keys(VALID), ...Object.keys(ECHOES)].filter((k) => !(k in ROUTES)), 'cases for routes ROUTES does not have').toEqual([]);
    expect(keys.length).toBeGreaterThan(50);
  });
});

describe("1. another user's ids", () => {
  const theirs = routesWith((key, line) => line.access === 'staff' || (['owner', 'signed-link'].includes(line.access) && paramsOf(key).length > 0));
  const expected: Record<Access, number[]> = { owner: [404], staff: [403], 'signed-link': [401, 403], public: [], 'signed-in': [] };

  it(`answers every route that names the owner's things (${theirs.length}) as for an id nobody has, and changes nothing`, async () => {
    const before = await snapshot(true);
    for (const route of theirs) {
      const label = `B: ${route}`;
      const res = await send(B, requestFor(route, mineA, B), label);
      expectError(res, expected[ROUTES[route]!.access], label);
      const unknown = await send(B, requestFor(route, nobody, B), `${label} (nobody's id)`);
      expect({ status: unknown.statusCode, body: unknown.json() as unknown }, `${label}: unlike an id nobody has`).toEqual({ status: res.statusCode, body: res.json() as unknown });
    }
    expect(await snapshot(true)).toEqual(before);
  });

  it("refuses the owner's review and finding under another person's own document, and their version numbers", async () => {
    const before = await snapshot();
    const finding = requestFor('PATCH /api/documents/:id/review/:reviewId/findings/:findingId', { ...mineA, doc: mineB.doc }, B);
    expectError(await send(B, finding), [404], "B: the owner's finding under B's document");
    expectError(await send(B, { method: 'GET', url: `/api/documents/${mineB.doc}/versions/2/download` }), [404], "B: the owner's version 2 under B's document");
    expect(await snapshot()).toEqual(before);
  });

  it("shows another person nothing of the owner's on the routes about their own things", async () => {
    for (const route of routesWith((key, line) => key.startsWith('GET ') && line.access === 'signed-in')) {
      const res = await send(B, requestFor(route, mineB, B), `B: ${route}`);
      expect(res.statusCode, `B: ${route}`).toBe(200);
    }
    const search = await send(B, { method: 'GET', url: '/api/documents', query: { q: MARKER } });
    expect(search.json()).toEqual([]);
  });
});

describe('2. path values that are not what the route takes', () => {
  const withParams = routesWith((key) => paramsOf(key).length > 0);

  // 400 and not 404: every id is read by decimalInteger (docs/decisions/010-request-bodies-per-route.md), so '1e3' or ' 1'
  // never reaches a service as another spelling of an id.
  it.each(BAD_IDS)(`answers %j in every integer path parameter with 400 (${withParams.length} routes)`, async (bad) => {
    const before = await snapshot();
    for (const route of withParams) {
      for (const name of paramsOf(route).filter((p) => INTEGER_PARAMS.has(p))) {
        const label = `${route} with :${name}=${JSON.stringify(bad)}`;
        const res = await send(callerFor(route), requestFor(route, mineA, A, { [name]: encodeURIComponent(bad) }), label);
        expectError(res, [400], label);
        expect((res.json() as { error: { code: string } }).error.code, label).toBe('validation_failed');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a broken %-escape and a value over 100 characters in every integer path parameter in the API error shape', async () => {
    for (const route of withParams) {
      for (const name of paramsOf(route).filter((p) => INTEGER_PARAMS.has(p))) {
        for (const raw of UNROUTABLE_IDS) {
          const label = `${route} with :${name}=${raw.slice(0, 12)}…`;
          expectError(await send(callerFor(route), requestFor(route, mineA, A, { [name]: raw }), label), [400], label);
        }
      }
    }
  });

  it('answers hostile values in the other path parameters with 400 or 404', async () => {
    const before = await snapshot();
    for (const route of withParams) {
      for (const name of paramsOf(route).filter((p) => !INTEGER_PARAMS.has(p))) {
        for (const bad of STRING_PARAMS[name]!) {
          const label = `${route} with ${name}=${bad}`;
          expectError(await send(callerFor(route), requestFor(route, mineA, A, { [name]: bad }), label), [400, 404], label);
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

/** A JSON object of exactly `bytes` bytes. */
const jsonOfSize = (bytes: number) => `{"pad":"${'x'.repeat(bytes - 10)}"}`;

describe('3. bodies that are broken, of the wrong kind, or too large', () => {
  const withBody = routesWith((_key, line) => line.body !== undefined);

  it.each(withBody)('%s', async (route) => {
    const { body: kind, limit } = ROUTES[route] as Required<Line>;
    const who = callerFor(route);
    const base = requestFor(route, mineA, A);
    const binary = kind === 'docx' || kind === 'multipart';
    const raw = (payload: string | Buffer, type: string) => ({ ...base, payload, headers: { ...base.headers, 'content-type': type } });
    const cases: Array<[string, InjectOptions, number[]]> = [
      ['broken JSON', raw('{"a":', 'application/json'), binary ? [415] : [400]],
      ['a JSON list', raw('[]', 'application/json'), binary ? [415] : [400]],
      ['a JSON string', raw('"x"', 'application/json'), binary ? [415] : [400]],
      ['a form', raw('a=1', 'application/x-www-form-urlencoded'), [415]],
    ];
    if (kind === 'docx') cases.push(['one byte over its limit', raw(Buffer.alloc(limit + 1, 0x50), DOCX), [413]]);
    else if (kind === 'multipart') cases.push(['one byte over its limit', { ...base, ...multipart({ filename: 'big.docx', type: DOCX, bytes: Buffer.alloc(limit + 1, 0x50) }) }, [413]]);
    else {
      cases.push(['one byte over its limit', raw(jsonOfSize(limit + 1), 'application/json'), [413]]);
      // Refused for its content, not its size: the route's limit is the one the table says.
      cases.push(['exactly at its limit', raw(jsonOfSize(limit), 'application/json'), [400, 401, 403]]);
    }
    if (kind === 'json' || kind === 'none') {
      const valid = typeof base.payload === 'object' && base.payload !== null ? base.payload : {};
      cases.push(['an unknown field', raw(JSON.stringify({ ...valid, unexpected: 1 }), 'application/json'), [400]]);
    }
    if (kind === 'text') cases.push(['an unknown field', raw('{"unexpected":1}', 'application/json'), [400]]);

    const before = await snapshot();
    for (const [what, req, statuses] of cases) expectError(await send(who, req, `${route}: ${what}`), statuses, `${route}: ${what}`);
    expect(await snapshot()).toEqual(before);
  });
});

type Echo = (text: string) => Promise<{ stored: unknown[]; bodies: string[] }>;
const json = <T>(res: LightMyRequestResponse) => res.json() as T;

/** Each writes `text` into every text field the route stores, and reads back what was kept. */
const ECHOES: Record<string, Echo> = {
  'POST /api/auth/register': async (text) => {
    const who: Caller = { agent: agent(t.app), email: account('payload').email };
    await ok(who, { method: 'POST', url: '/api/auth/register', payload: { name: text, email: who.email, password: text } }, 201);
    const login = await ok(who, { method: 'POST', url: '/api/auth/login', payload: { email: who.email, password: text } });
    const me = await ok(who, { method: 'GET', url: '/api/auth/user' });
    return { stored: [json<{ name: string }>(login).name, json<{ name: string }>(me).name], bodies: [login.body, me.body] };
  },
  'POST /api/waitlist': async (text) => {
    const email = account('waitlist').email;
    await ok(anonymous(), { method: 'POST', url: '/api/waitlist', payload: { name: text, email, company: text, useCase: text } }, 201);
    const row = await t.deps.database.db.query.waitlistUsers.findFirst({ where: (w, { eq }) => eq(w.email, email) });
    return { stored: [row?.name, row?.company, row?.useCase], bodies: [] };
  },
  'POST /api/documents/:id/chat': async (text) => {
    await ok(A, { method: 'POST', url: `/api/documents/${mineA.doc}/chat`, payload: { content: text } }, 201);
    const list = await ok(A, { method: 'GET', url: `/api/documents/${mineA.doc}/chat` });
    const mine = json<Array<{ role: string; content: string }>>(list).filter((m) => m.role === 'user').at(-1);
    return { stored: [mine?.content], bodies: [list.body] };
  },
  'POST /api/tasks': async (text) => {
    const res = await ok(A, { method: 'POST', url: '/api/tasks', payload: { title: text, description: text } }, 201);
    const task = json<{ id: number; title: string; description: string }>(res);
    const listed = await ok(A, { method: 'GET', url: '/api/tasks' });
    const again = json<Array<{ id: number; title: string }>>(listed).find((x) => x.id === task.id);
    return { stored: [task.title, task.description, again?.title], bodies: [res.body, listed.body] };
  },
  'PATCH /api/tasks/:id': async (text) => {
    const res = await ok(A, { method: 'PATCH', url: `/api/tasks/${mineA.task}`, payload: { title: text, description: text } });
    return { stored: [json<{ title: string }>(res).title, json<{ description: string }>(res).description], bodies: [res.body] };
  },
  'POST /api/business-model': async (text) => {
    const res = await ok(A, { method: 'POST', url: '/api/business-model', payload: { element: 'channels', title: text, description: text } }, 201);
    const item = json<{ id: number; title: string; description: string }>(res);
    const listed = await ok(A, { method: 'GET', url: '/api/business-model' });
    const again = json<Array<{ id: number; title: string }>>(listed).find((x) => x.id === item.id);
    return { stored: [item.title, item.description, again?.title], bodies: [res.body, listed.body] };
  },
  'PATCH /api/business-model/:id': async (text) => {
    const res = await ok(A, { method: 'PATCH', url: `/api/business-model/${mineA.canvas}`, payload: { title: text, description: text } });
    return { stored: [json<{ title: string }>(res).title, json<{ description: string }>(res).description], bodies: [res.body] };
  },
  'PUT /api/style-rules': async (text) => {
    const payload = { wordsToAvoid: [{ word: text, replacement: text }], freeTextRules: [{ id: 'payload', text }] };
    const res = await ok(A, { method: 'PUT', url: '/api/style-rules', payload });
    const read = await ok(A, { method: 'GET', url: '/api/style-rules' });
    return { stored: [...styleTexts(res), ...styleTexts(read)], bodies: [res.body, read.body] };
  },
  'POST /api/style-rules/import': async (text) => {
    const file = JSON.stringify({ wordsToAvoid: [{ word: text, replacement: text }], freeTextRules: [{ id: 'imported', text }] }, null, 2);
    const res = await ok(A, { method: 'POST', url: '/api/style-rules/import', payload: file, headers: { 'content-type': 'application/json' } });
    const exported = await ok(A, { method: 'GET', url: '/api/style-rules/export' });
    return { stored: [...styleTexts(res), ...styleTexts(exported)], bodies: [res.body, exported.body] };
  },
};

function styleTexts(res: LightMyRequestResponse) {
  const rules = json<{ wordsToAvoid: Array<{ word: string; replacement: string }>; freeTextRules: Array<{ text: string }> }>(res);
  return [rules.wordsToAvoid[0]?.word, rules.wordsToAvoid[0]?.replacement, rules.freeTextRules[0]?.text];
}

describe('5. SQL and script in every stored text field', () => {
  const storing = routesWith((_key, line) => line.stores === true);

  it.each(PAYLOADS)(`keeps %j verbatim on every route that stores text (${storing.length})`, async (text) => {
    for (const route of storing) {
      const { stored, bodies } = await ECHOES[route]!(text);
      expect(stored.length, route).toBeGreaterThan(0);
      for (const value of stored) expect(value, route).toBe(text);
      for (const body of bodies) {
        expect(body, `${route}: the text as a JSON string`).toContain(JSON.stringify(text));
        expect(body, `${route}: HTML escapes in JSON`).not.toMatch(/&lt;|&gt;|&#|\\u003c/i);
      }
    }
    expect(await countRows(t.database, 'users')).toBeGreaterThan(2);
    expect(await countRows(t.database, 'documents')).toBeGreaterThan(1);
    expect((await send(A, { method: 'GET', url: '/api/documents' })).statusCode).toBe(200);
  });
});

describe('6. state-changing requests from another site', () => {
  const changing = routesWith((_key, line) => line.body !== undefined);

  it(`refuses all ${changing.length} with 403 and changes nothing`, async () => {
    const before = await snapshot(true);
    for (const route of changing) {
      for (const headers of [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }]) {
        const req = requestFor(route, mineA, A);
        const label = `${route} with ${JSON.stringify(headers)}`;
        const res = await send(callerFor(route), { ...req, headers: { ...req.headers, ...headers } }, label);
        expectError(res, [403], label);
        expect((res.json() as { error: { message: string } }).error.message, label).toBe('Cross-origin requests are not allowed.');
      }
    }
    expect(await snapshot(true)).toEqual(before);
    expect((await send(A, { method: 'GET', url: '/api/auth/user' })).statusCode, 'the owner is still signed in').toBe(200);
  });

  it("accepts the site's own origin", async () => {
    const res = await send(A, { method: 'PATCH', url: `/api/documents/${mineA.doc}`, payload: { archived: false }, headers: { origin: t.publicUrl } });
    expect(res.statusCode).toBe(200);
  });
});

describe('4. nothing leaks', () => {
  it('checked every answer above', () => {
    expect(answersChecked).toBeGreaterThan(400);
  });
});
