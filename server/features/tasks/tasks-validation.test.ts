/**
 * Bad input to the task API (docs/decisions/012-board-order-under-one-lock.md and "Bad input"): every message of the shared
 * schemas reaches a staff member as a 400 naming the field, and nothing is stored or changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Agent } from '../../../tests/support/agent';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { TASK_BODY_BYTES } from './tasks.routes';

let t: TestApp;
let staff: Agent;
let memberId: number;
let taskId: number;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedIn(t.app, 'staff')).agent;
  memberId = (await signedIn(t.app, 'member')).user.id;
  taskId = (await staff.post('/api/tasks', { title: 'Draft the pricing page' })).json().id;
});
afterAll(() => t.close());

const table = () => t.deps.database.db.query.tasks.findMany({ orderBy: (x, { asc }) => [asc(x.id)] });
type ErrorAnswer = { json: () => { error: { code: string; message: string; details?: { issues: Array<{ path: string; message: string }> } } } };
const issues = (res: ErrorAnswer) => res.json().error.details?.issues ?? [];

const TITLE = 'Title is required';
const TITLE_LONG = 'Title must be at most 200 characters';
const DESCRIPTION_TEXT = 'Description must be text';
const DESCRIPTION_LONG = 'Description must be at most 5000 characters';
const TYPE = 'Type must be one of todo, story';
const CATEGORY = 'Category must be one of marketing, operations, product, accounting, legal';
const STATUS = 'Status must be one of backlog, in-progress, review, done';
const PRIORITY = 'Priority must be one of low, medium, high, urgent';
const DUE = 'Due date must be an ISO date and time, e.g. 2026-12-31T00:00:00.000Z';
const ASSIGNEE = 'Assignee must be a staff member id';
const POSITION = 'Position must be a whole number';
const POSITION_MAX = 'Position must be at most 10000';

/** Field errors shared by the create form and the PATCH. */
const fieldCases: Array<[string, Record<string, unknown>, string, string]> = [
  ['blank title', { title: '   ' }, 'title', TITLE],
  ['empty title', { title: '' }, 'title', TITLE],
  ['title not text', { title: 42 }, 'title', TITLE],
  ['title null', { title: null }, 'title', TITLE],
  ['title too long', { title: 't'.repeat(201) }, 'title', TITLE_LONG],
  ['description not text', { description: ['a'] }, 'description', DESCRIPTION_TEXT],
  ['description too long', { description: 'd'.repeat(5001) }, 'description', DESCRIPTION_LONG],
  ['type unknown', { type: 'epic' }, 'type', TYPE],
  ['type not text', { type: 1 }, 'type', TYPE],
  ['category unknown', { category: 'sales' }, 'category', CATEGORY],
  ['category in capitals', { category: 'Product' }, 'category', CATEGORY],
  ['category not text', { category: true }, 'category', CATEGORY],
  ["status 'todo' (the brief's list view; docs/product.md §4)", { status: 'todo' }, 'status', STATUS],
  ['status label instead of value', { status: 'In Progress' }, 'status', STATUS],
  ['status not text', { status: 3 }, 'status', STATUS],
  ['priority unknown', { priority: 'critical' }, 'priority', PRIORITY],
  ['priority not text', { priority: 2 }, 'priority', PRIORITY],
  ['due date not a date', { dueDate: 'next Friday' }, 'dueDate', DUE],
  ['due date without a time', { dueDate: '2026-12-31' }, 'dueDate', DUE],
  ['due date on a day that does not exist', { dueDate: '2026-02-30T00:00:00Z' }, 'dueDate', DUE],
  ['due date without an offset', { dueDate: '2026-12-31T00:00:00' }, 'dueDate', DUE],
  ['due date as a number', { dueDate: 1767139200000 }, 'dueDate', DUE],
  ['assignee not a number', { assignedTo: 'me' }, 'assignedTo', ASSIGNEE],
  ['assignee fractional', { assignedTo: 1.5 }, 'assignedTo', ASSIGNEE],
  ['assignee negative', { assignedTo: -1 }, 'assignedTo', ASSIGNEE],
  ['assignee beyond an integer', { assignedTo: 2 ** 31 }, 'assignedTo', ASSIGNEE],
];

describe('create: each bad field is a 400 naming the field, and nothing is stored', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['title missing', { title: undefined }, 'title', TITLE],
    ...fieldCases,
    ['position negative', { orderIndex: -1 }, 'orderIndex', POSITION],
    ['position fractional', { orderIndex: 0.5 }, 'orderIndex', POSITION],
    ['position not a number', { orderIndex: 'first' }, 'orderIndex', POSITION],
    ['position too large', { orderIndex: 10_001 }, 'orderIndex', POSITION_MAX],
  ])('%s', async (_label, overrides, path, message) => {
    const before = await table();
    const res = await staff.post('/api/tasks', { title: 'Valid title', ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', message: `${path}: ${message}` });
    expect(issues(res)).toContainEqual({ path, message });
    expect(await table()).toEqual(before);
  });
});

describe('PATCH: the same messages, and nothing changes', () => {
  it.each([...fieldCases, ['an empty patch', {}, '', 'Send at least one field to change'] as [string, Record<string, unknown>, string, string]])(
    '%s',
    async (_label, patch, path, message) => {
      const before = await table();
      const res = await staff.patch(`/api/tasks/${taskId}`, patch);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(issues(res)).toContainEqual({ path, message });
      expect(await table()).toEqual(before);
    },
  );
});

describe('move: status and position', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['status missing', { index: 0 }, 'status', STATUS],
    ["status 'todo'", { status: 'todo', index: 0 }, 'status', STATUS],
    ['index missing', { status: 'done' }, 'index', POSITION],
    ['index negative', { status: 'done', index: -1 }, 'index', POSITION],
    ['index fractional', { status: 'done', index: 1.5 }, 'index', POSITION],
    ['index as text', { status: 'done', index: '1' }, 'index', POSITION],
    ['index too large', { status: 'done', index: 10_001 }, 'index', POSITION_MAX],
  ])('%s', async (_label, body, path, message) => {
    const before = await table();
    const res = await staff.post(`/api/tasks/${taskId}/move`, body);
    expect(res.statusCode).toBe(400);
    expect(issues(res)).toContainEqual({ path, message });
    expect(await table()).toEqual(before);
  });
});

describe('fields a caller may not set or send', () => {
  it.each([
    ['createdBy on create', 'POST', '/api/tasks', { title: 'x', createdBy: 1 }, 'createdBy'],
    ['id on create', 'POST', '/api/tasks', { title: 'x', id: 7 }, 'id'],
    ['assigneeName on create', 'POST', '/api/tasks', { title: 'x', assigneeName: 'Boss' }, 'assigneeName'],
    ['createdAt on PATCH', 'PATCH', '/api/tasks/:id', { createdAt: '2020-01-01T00:00:00Z' }, 'createdAt'],
    ['orderIndex on PATCH (moves go through /move)', 'PATCH', '/api/tasks/:id', { orderIndex: 0 }, 'orderIndex'],
    ['title on move', 'POST', '/api/tasks/:id/move', { status: 'done', index: 0, title: 'x' }, 'title'],
  ] as const)('%s is refused as unknown', async (_label, method, url, payload, key) => {
    const before = await table();
    const res = await staff.request({ method, url: url.replace(':id', String(taskId)), payload });
    expect(res.statusCode).toBe(400);
    expect(issues(res)).toContainEqual({ path: '', message: `Unrecognized key: "${key}"` });
    expect(await table()).toEqual(before);
  });
});

describe('the assignee must be a staff member', () => {
  it.each([
    ['a user who is not staff', () => memberId],
    ['an id with no account', () => 999_999],
  ])('%s: 400 on create and on PATCH, nothing changed', async (_label, id) => {
    const before = await table();
    for (const res of [await staff.post('/api/tasks', { title: 'x', assignedTo: id() }), await staff.patch(`/api/tasks/${taskId}`, { assignedTo: id() })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', message: `assignedTo: ${ASSIGNEE}` });
      expect(issues(res)).toEqual([{ path: 'assignedTo', message: ASSIGNEE }]);
    }
    expect(await table()).toEqual(before);
  });
});

describe('ids and bodies', () => {
  it.each(['abc', '0', '-1', '01', '1.0', '1e3', '2147483648', '99999999999'])('id %s is a 400 on every route that takes one', async (id) => {
    const before = await table();
    for (const res of [
      await staff.patch(`/api/tasks/${id}`, { status: 'done' }),
      await staff.post(`/api/tasks/${id}/move`, { status: 'done', index: 0 }),
      await staff.delete(`/api/tasks/${id}`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(issues(res)).toContainEqual({ path: 'id', message: 'Task id must be a positive integer' });
    }
    expect(await table()).toEqual(before);
  });

  it('refuses a body that is not JSON (415), broken JSON, an array or an empty body (400)', async () => {
    const before = await table();
    const form = await staff.request({ method: 'POST', url: '/api/tasks', payload: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    expect(form.json().error).toEqual({ code: 'unsupported_media_type', message: 'Unsupported content type: send JSON with Content-Type: application/json.' });
    const broken = await staff.request({ method: 'PATCH', url: `/api/tasks/${taskId}`, payload: '{"status":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('The request body is not valid JSON.');
    const array = await staff.post('/api/tasks', [{ title: 'x' }]);
    expect(array.statusCode).toBe(400);
    expect(array.json().error.message).toBe('The request body must be a JSON object.');
    const empty = await staff.request({ method: 'POST', url: '/api/tasks', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(await table()).toEqual(before);
  });

  it('refuses a body over the limit with 413 before reading it, and takes the largest valid form', async () => {
    const before = await table();
    const huge = await staff.post('/api/tasks', { title: 'x', description: 'd'.repeat(TASK_BODY_BYTES) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toEqual({ code: 'payload_too_large', message: 'The request is too large.' });
    expect((await staff.patch(`/api/tasks/${taskId}`, { description: 'd'.repeat(TASK_BODY_BYTES) })).statusCode).toBe(413);
    expect(await table()).toEqual(before);
    // Every text field at its maximum, in characters JSON writes as 6-byte \u00XX escapes.
    const longest = { title: '\u0001'.repeat(200), description: '\u0002'.repeat(5000), dueDate: '2026-12-31T23:59:59.999+14:00' };
    expect(JSON.stringify(longest).length).toBeGreaterThan(30_000);
    const created = await staff.post('/api/tasks', longest);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: longest.title, description: longest.description });
  });

  it('refuses U+0000 in the text fields with a 400 (PostgreSQL text cannot hold it)', async () => {
    const before = await table();
    const title = await staff.post('/api/tasks', { title: 'a\u0000b' });
    expect(title.statusCode).toBe(400);
    expect(issues(title)).toEqual([{ path: 'title', message: 'Text must not contain the character U+0000' }]);
    const description = await staff.patch(`/api/tasks/${taskId}`, { description: 'a\u0000b' });
    expect(description.statusCode).toBe(400);
    expect(issues(description)).toEqual([{ path: 'description', message: 'Text must not contain the character U+0000' }]);
    expect(await table()).toEqual(before);
  });
});
