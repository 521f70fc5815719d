/**
 * Hostile bodies (docs/decisions/010-request-bodies-per-route.md): every route reads only the body it expects, only as much as
 * its work needs, and answers junk with a short error before looking at it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, signedIn, type Agent } from '../../tests/support/agent';
import { DOCX, multipart } from '../../tests/support/multipart';
import { saveDocx, uploadDocx } from '../../tests/support/documents';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { buildDocx, paragraphXml } from '../../tests/support/docx/fixtures';

let t: TestApp;
let user: Agent;
let docId: number;
let templateId: number;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  user = (await signedIn(t.app)).agent;
  docId = (await uploadDocx(user, buildDocx({ body: paragraphXml('Hello there.') }))).json().id;
  templateId = (await user.get('/api/templates')).json()[0].id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Every route the app serves, read from Fastify itself so that a new route is covered too. */
function allRoutes(): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.push({ method, url: stack.join('') });
  }
  return routes.map((r) => ({ ...r, url: r.url.replace(':id/use', `${templateId}/use`).replace(':id', String(docId)) }));
}

const bodyTakingRoutes = new Set(['PUT /api/documents/:id/content', 'POST /api/documents/upload']);
const isBinaryRoute = (r: { method: string; url: string }) =>
  bodyTakingRoutes.has(`${r.method} ${r.url.replace(String(docId), ':id')}`);

describe('a body only where a route expects one', () => {
  it('finds every route, including the upload and the save', () => {
    const names = allRoutes().map((r) => `${r.method} ${r.url}`);
    expect(names).toContain('POST /api/auth/login');
    expect(names).toContain(`PUT /api/documents/${docId}/content`);
    expect(names.length).toBeGreaterThan(15);
  });

  it('refuses a 1 MB .docx-typed body on every other route with 415, in a short answer', async () => {
    const junk = Buffer.alloc(1024 * 1024, 0x41);
    for (const route of allRoutes().filter((r) => !isBinaryRoute(r) && r.method !== 'GET')) {
      const res = await user.request({ method: route.method as 'POST', url: route.url, payload: junk, headers: { 'content-type': DOCX } });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(415);
      expect(res.body.length, `${route.method} ${route.url}`).toBeLessThan(400);
    }
  });

  it('refuses multipart everywhere but the upload, and JSON at the upload and the save', async () => {
    const form = multipart({ filename: 'a.docx', type: DOCX, bytes: buildDocx() });
    for (const url of ['/api/auth/login', '/api/auth/register', `/api/documents/${docId}/chat`]) {
      expect((await user.request({ method: 'POST', url, ...form })).statusCode, url).toBe(415);
    }
    const json = await user.request({ method: 'POST', url: '/api/documents/upload', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toMatch(/multipart\/form-data/);
    const save = await user.request({ method: 'PUT', url: `/api/documents/${docId}/content`, payload: { a: 1 }, headers: { 'x-base-version': '1' } });
    expect(save.statusCode).toBe(415);
    expect(save.json().error.message).toMatch(/wordprocessingml/);
  });

  it('answers a large body sent to login before reading it: the server does not wait for the rest', async () => {
    for (const type of [DOCX, 'application/json', 'multipart/form-data; boundary=x']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/api/auth/login', headers: { 'content-type': type, 'content-length': 20 * 1024 * 1024 } });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', (err) => (String(err).includes('ECONNRESET') || String(err).includes('EPIPE') ? undefined : reject(err)));
        // A sliver of the 20 MB promised: an answer can only come from a server that did not wait.
        req.write(Buffer.alloc(64 * 1024, 0x41));
      });
      expect([413, 415], type).toContain(status);
    }
  });

  it('holds each JSON route to the size its fields need', async () => {
    const big = { email: 'a@example.com', password: 'x'.repeat(5000) };
    expect((await agent(t.app).post('/api/auth/login', big)).statusCode).toBe(413);
    const chat = { content: 'x'.repeat(8000), selection: 'y'.repeat(20_000), action: 'explain' };
    const accepted = await user.post(`/api/documents/${docId}/chat`, chat);
    expect(accepted.statusCode).toBe(201);
    const tooBig = await user.post(`/api/documents/${docId}/chat`, { ...chat, selection: 'y'.repeat(200_000) });
    expect(tooBig.statusCode).toBe(413);
  });

  it('holds the save to the upload limit: 10 MB and one byte is 413', async () => {
    const res = await saveDocx(user, docId, 1, Buffer.alloc(10 * 1024 * 1024 + 1, 0x50));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toMatch(/10 MB/);
    expect((await user.get(`/api/documents/${docId}`)).json().currentVersion).toBe(1);
  });
});

describe('the shape of a JSON body', () => {
  it.each([['[]'], ['[1,2,3]'], ['"text"'], ['42'], ['null'], ['true']])('refuses %s where an object is expected', async (raw) => {
    const res = await agent(t.app).request({ method: 'POST', url: '/api/auth/login', payload: raw, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The request body must be a JSON object.');
  });

  it('answers many unknown keys with a few short issues, never an echo of the body', async () => {
    const keys: Record<string, number> = {};
    for (let i = 0; i < 300; i++) keys[`k${i}`] = i;
    const res = await agent(t.app).post('/api/auth/login', { email: 'a@example.com', password: 'secret12', ...keys });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.issues.length).toBeLessThanOrEqual(5);
    for (const issue of res.json().error.details.issues) expect(issue.message.length).toBeLessThanOrEqual(200);
    expect(res.body.length).toBeLessThan(1500);
  });

  it('refuses a body or query parameters on routes that take none, and accepts an empty object', async () => {
    const use = await user.post(`/api/templates/${templateId}/use`, { name: 'mine' });
    expect(use.statusCode).toBe(400);
    expect(use.json().error.message).toBe('This request takes no body.');
    expect((await user.get('/api/templates?debug=1')).statusCode).toBe(400);
    expect((await agent(t.app).post('/api/auth/demo', {})).statusCode).toBe(200);
    expect((await user.get('/api/documents?view=all')).statusCode).toBe(200);
  });

  it('leaves the query string out of the logs', async () => {
    await user.get('/api/documents?q=confidential-merger-terms');
    expect(t.logs()).toContain('"url":"/api/documents"');
    expect(t.logs()).not.toContain('confidential-merger-terms');
  });
});

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['a sign-up field', '/api/auth/register', { name: 'A\u0000B', email: 'nul@example.com', password: 'secret12' }, 'name'],
    ['a waitlist field', '/api/waitlist', { name: 'Jo', email: 'nul@example.com', useCase: 'x\u0000'.repeat(10) }, 'useCase'],
    ['a key', '/api/auth/login', { email: 'a@example.com', password: 'secret12', 'k\u0000': 1 }, 'k\u0000'],
  ])('refuses U+0000 in %s with a 400 naming the field, not a 500', async (_what, url, body, path) => {
    const res = await agent(t.app).post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.issues).toEqual([{ path, message: 'Text must not contain the character U+0000' }]);
  });

  it('refuses it in a chat message too', async () => {
    const res = await user.post(`/api/documents/${docId}/chat`, { content: 'hi\u0000', selection: 'x', action: 'explain' });
    expect(res.statusCode).toBe(400);
  });
});

describe('an unknown route', () => {
  it('is a 404 whatever body it is sent', async () => {
    const res = await user.request({ method: 'PUT', url: `/api/documents/${docId}/nothing`, payload: { a: 1 } });
    expect(res.statusCode).toBe(404);
    expect((await user.request({ method: 'PATCH', url: '/api/nowhere?x=1' })).statusCode).toBe(404);
  });
});
