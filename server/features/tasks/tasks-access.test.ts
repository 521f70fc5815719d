/**
 * The task API is for staff only (docs/decisions/012-board-order-under-one-lock.md): 401 signed out and 403 for a signed-in
 * user on every route and method, answered before the body is read, so an oversized, mistyped
 * or broken body from a non-staff caller gets the same 403 (not 413, 415 or 400) and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, signedIn, type Agent } from '../../../tests/support/agent';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { TASK_BODY_BYTES } from './tasks.routes';

let t: TestApp;
let staff: Agent;
let member: Agent;
let taskId: number;

beforeAll(async () => {
  t = await createTestApp();
  // The first account on a fresh instance is staff; every later one is a user.
  staff = (await signedIn(t.app, 'staff')).agent;
  member = (await signedIn(t.app, 'member')).agent;
  taskId = (await staff.post('/api/tasks', { title: 'Renew the domain' })).json().id;
});
afterAll(() => t.close());

const table = () => t.deps.database.db.query.tasks.findMany({ orderBy: (x, { asc }) => [asc(x.id)] });

/** Every route of the task API, with a body that a staff member would get a 2xx for. */
const routes = () => [
  { method: 'GET', url: '/api/tasks' },
  { method: 'HEAD', url: '/api/tasks' },
  { method: 'GET', url: '/api/tasks/assignees' },
  { method: 'POST', url: '/api/tasks', payload: { title: 'Sneaky task' } },
  { method: 'PATCH', url: `/api/tasks/${taskId}`, payload: { status: 'done' } },
  { method: 'POST', url: `/api/tasks/${taskId}/move`, payload: { status: 'done', index: 0 } },
  { method: 'DELETE', url: `/api/tasks/${taskId}` },
] as const;

const callers = () =>
  [
    ['signed out', agent(t.app), 401, 'unauthenticated'],
    ['a signed-in user who is not staff', member, 403, 'forbidden'],
  ] as const;

describe('who may call the task API', () => {
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

  it('names the reason: not signed in, or staff only', async () => {
    expect((await agent(t.app).get('/api/tasks')).json().error.message).toBe('Not authenticated');
    expect((await member.get('/api/tasks')).json().error.message).toBe('This area is for Redraft staff only.');
  });

  it('a method or path the API does not have is a 404 for everyone, never a leak of another answer', async () => {
    for (const caller of [agent(t.app), member]) {
      expect((await caller.request({ method: 'PUT', url: `/api/tasks/${taskId}` })).statusCode).toBe(404);
      expect((await caller.get(`/api/tasks/${taskId}/comments`)).statusCode).toBe(404);
    }
  });
});

describe('the refusal comes before the body is read', () => {
  const oversized = { title: 'x', description: 'd'.repeat(TASK_BODY_BYTES) };
  /** Bodies a staff member gets 413, 415 or 400 for: what the refusal must not reveal. */
  const hostile = (url: string, method: 'POST' | 'PATCH') =>
    [
      ['a body over the route limit', { method, url, payload: oversized }, 413],
      ['a form-encoded body', { method, url, payload: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415],
      ['a text body', { method, url, payload: 'title', headers: { 'content-type': 'text/plain' } }, 415],
      ['broken JSON', { method, url, payload: '{"title":', headers: { 'content-type': 'application/json' } }, 400],
      ['an unknown field', { method, url, payload: { title: 'x', createdBy: 1 } }, 400],
    ] as const;
  const cases = () => [
    ...hostile('/api/tasks', 'POST'),
    ...hostile(`/api/tasks/${taskId}`, 'PATCH'),
    ...hostile(`/api/tasks/${taskId}/move`, 'POST'),
    ['a body sent to DELETE, over its 64-byte limit', { method: 'DELETE', url: `/api/tasks/${taskId}`, payload: oversized }, 413],
    ['an id that is not an integer', { method: 'PATCH', url: '/api/tasks/abc', payload: { status: 'done' } }, 400],
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
