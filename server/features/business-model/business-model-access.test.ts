/**
 * The canvas API is for staff only (docs/decisions/012-board-order-under-one-lock.md, points 1 and 6): 401 signed out and 403 for a
 * signed-in user on every route and method, answered before the body is read, so an oversized,
 * mistyped or broken body from a non-staff caller gets the same 403 and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, signedIn, type Agent } from '../../../tests/support/agent';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { CANVAS_BODY_BYTES } from './business-model.routes';

let t: TestApp;
let staff: Agent;
let member: Agent;
let itemId: number;

beforeAll(async () => {
  t = await createTestApp();
  // The first account on a fresh instance is staff; every later one is a user.
  staff = (await signedIn(t.app, 'staff')).agent;
  member = (await signedIn(t.app, 'member')).agent;
  itemId = (await staff.post('/api/business-model', { element: 'channels', title: 'Partner resellers' })).json().id;
});
afterAll(() => t.close());

const table = () => t.deps.database.db.query.businessModelItems.findMany({ orderBy: (x, { asc }) => [asc(x.id)] });

/** Every route of the canvas API, with a body that a staff member would get a 2xx for. */
const routes = () => [
  { method: 'GET', url: '/api/business-model' },
  { method: 'HEAD', url: '/api/business-model' },
  { method: 'POST', url: '/api/business-model', payload: { element: 'channels', title: 'Sneaky item' } },
  { method: 'PATCH', url: `/api/business-model/${itemId}`, payload: { title: 'Renamed' } },
  { method: 'POST', url: `/api/business-model/${itemId}/move`, payload: { index: 0 } },
  { method: 'DELETE', url: `/api/business-model/${itemId}` },
] as const;

const callers = () =>
  [
    ['signed out', agent(t.app), 401, 'unauthenticated'],
    ['a signed-in user who is not staff', member, 403, 'forbidden'],
  ] as const;

describe('who may call the canvas API', () => {
  it('answers 401 signed out and 403 for non-staff on every route and method, and changes nothing', async () => {
    const before = await table();
    for (const [who, caller, status, code] of callers()) {
      for (const route of routes()) {
        const res = await caller.request({ ...route, payload: 'payload' in route ? route.payload : undefined });
        expect(res.statusCode, `${who}: ${route.method} ${route.url}`).toBe(status);
        if (route.method !== 'HEAD') expect(res.json().error.code).toBe(code);
      }
    }
    expect(await table()).toEqual(before);
  });
});

describe('the refusal comes before the body is read', () => {
  const oversized = { element: 'channels', title: 'x', description: 'd'.repeat(CANVAS_BODY_BYTES) };
  /** Bodies a staff member gets 413, 415 or 400 for: what the refusal must not reveal. */
  const hostile = (url: string, method: 'POST' | 'PATCH') =>
    [
      ['a body over the route limit', { method, url, payload: oversized }, 413],
      ['a form-encoded body', { method, url, payload: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415],
      ['broken JSON', { method, url, payload: '{"title":', headers: { 'content-type': 'application/json' } }, 400],
      ['an unknown field', { method, url, payload: { title: 'x', userId: 1 } }, 400],
    ] as const;
  const cases = () => [
    ...hostile('/api/business-model', 'POST'),
    ...hostile(`/api/business-model/${itemId}`, 'PATCH'),
    ...hostile(`/api/business-model/${itemId}/move`, 'POST'),
    ['a body sent to DELETE, over its 64-byte limit', { method: 'DELETE', url: `/api/business-model/${itemId}`, payload: oversized }, 413],
    ['an id that is not an integer', { method: 'DELETE', url: '/api/business-model/1.5' }, 400],
  ] as const;

  it('staff get 413, 415 or 400 for these bodies (so they really are bad)', async () => {
    const before = await table();
    for (const [label, request, status] of cases()) {
      expect((await staff.request(request)).statusCode, label).toBe(status);
    }
    expect(await table()).toEqual(before);
  });

  it('a non-staff caller gets 403 and a signed-out one 401 for each of them, and nothing changes', async () => {
    const before = await table();
    for (const [who, caller, status, code] of callers()) {
      for (const [label, request] of cases()) {
        const res = await caller.request(request);
        expect(res.statusCode, `${who}: ${label} (${request.method} ${request.url})`).toBe(status);
        expect(res.json().error.code).toBe(code);
      }
    }
    expect(await table()).toEqual(before);
  });
});
