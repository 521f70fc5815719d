/**
 * The business-model canvas API for staff (docs/decisions/012-board-order-under-one-lock.md): docs/product.md §7's calls with docs/product.md §5's
 * validation ('Title is required'), the item's owner from the session, updatedAt kept, items
 * listed in docs/product.md §2's element order, 404s, and text stored as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Agent } from '../../../tests/support/agent';
import { movableClock } from '../../../tests/support/clock';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { CANVAS_ELEMENTS } from '@common/schemas/business-model';
import { CANVAS_BODY_BYTES } from './business-model.routes';

const ELEMENTS: readonly string[] = CANVAS_ELEMENTS;
const ELEMENT = `Element must be one of ${ELEMENTS.join(', ')}`;
const TITLE = 'Title is required';

let t: TestApp;
const clock = movableClock();
let staff: Agent;
let staffId: number;
let itemId: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const first = await signedIn(t.app, 'staff');
  staff = first.agent;
  staffId = first.user.id;
  itemId = (await staff.post('/api/business-model', { element: 'channels', title: 'Partner resellers' })).json().id;
});
afterAll(() => t.close());

type Item = { id: number; element: string; title: string; description: string | null; orderIndex: number; createdAt: string; updatedAt: string };
const create = async (fields: Record<string, unknown>): Promise<Item> => {
  const res = await staff.post('/api/business-model', fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const list = async (): Promise<Item[]> => (await staff.get('/api/business-model')).json();
const table = () => t.deps.database.db.query.businessModelItems.findMany({ orderBy: (x, { asc }) => [asc(x.id)] });
type ErrorAnswer = { json: () => { error: { details?: { issues: Array<{ path: string; message: string }> } } } };
const issues = (res: ErrorAnswer) => res.json().error.details?.issues ?? [];

const fieldCases: Array<[string, Record<string, unknown>, string, string]> = [
  ['element unknown', { element: 'customers' }, 'element', ELEMENT],
  ['element as a label', { element: 'Customer Segments' }, 'element', ELEMENT],
  ['element not text', { element: 3 }, 'element', ELEMENT],
  ['blank title', { title: '  ' }, 'title', TITLE],
  ['title not text', { title: ['x'] }, 'title', TITLE],
  ['title null', { title: null }, 'title', TITLE],
  ['title too long', { title: 't'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
  ['description not text', { description: 12 }, 'description', 'Description must be text'],
  ['description too long', { description: 'd'.repeat(2001) }, 'description', 'Description must be at most 2000 characters'],
];

describe('validation: a 400 naming the field, and nothing changed', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['element missing', { element: undefined }, 'element', ELEMENT],
    ['title missing', { title: undefined }, 'title', TITLE],
    ...fieldCases,
    ['an unknown field', { userId: 99 }, '', 'Unrecognized key: "userId"'],
    ['orderIndex (places change through /move)', { orderIndex: 0 }, '', 'Unrecognized key: "orderIndex"'],
  ])('create: %s', async (_label, overrides, path, message) => {
    const before = await table();
    const res = await staff.post('/api/business-model', { element: 'channels', title: 'Valid', ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(issues(res)).toContainEqual({ path, message });
    expect(await table()).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ...fieldCases,
    ['an empty patch', {}, '', 'Send at least one field to change'],
    ['an unknown field', { createdAt: '2020-01-01T00:00:00Z' }, '', 'Unrecognized key: "createdAt"'],
  ])('PATCH: %s', async (_label, patch, path, message) => {
    const before = await table();
    const res = await staff.patch(`/api/business-model/${itemId}`, patch);
    expect(res.statusCode).toBe(400);
    expect(issues(res)).toContainEqual({ path, message });
    expect(await table()).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['index missing', {}, 'index', 'Position must be a whole number'],
    ['index negative', { index: -1 }, 'index', 'Position must be a whole number'],
    ['index fractional', { index: 0.5 }, 'index', 'Position must be a whole number'],
    ['index too large', { index: 10_001 }, 'index', 'Position must be at most 10000'],
    ['an element (moves stay inside it)', { index: 0, element: 'channels' }, '', 'Unrecognized key: "element"'],
  ])('move: %s', async (_label, body, path, message) => {
    const before = await table();
    const res = await staff.post(`/api/business-model/${itemId}/move`, body);
    expect(res.statusCode).toBe(400);
    expect(issues(res)).toContainEqual({ path, message });
    expect(await table()).toEqual(before);
  });

  it.each(['abc', '0', '01', '-3', '2147483648'])('id %s is a 400 on every route that takes one', async (id) => {
    for (const res of [
      await staff.patch(`/api/business-model/${id}`, { title: 'x' }),
      await staff.post(`/api/business-model/${id}/move`, { index: 0 }),
      await staff.delete(`/api/business-model/${id}`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(issues(res)).toContainEqual({ path: 'id', message: 'Item id must be a positive integer' });
    }
  });

  it('refuses a non-JSON body (415), an oversized one (413) and U+0000 (400); takes the largest valid form', async () => {
    const before = await table();
    const form = await staff.request({ method: 'POST', url: '/api/business-model', payload: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    const huge = await staff.post('/api/business-model', { element: 'channels', title: 'x', description: 'd'.repeat(CANVAS_BODY_BYTES) });
    expect(huge.statusCode).toBe(413);
    const nul = await staff.post('/api/business-model', { element: 'channels', title: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(issues(nul)).toEqual([{ path: 'title', message: 'Text must not contain the character U+0000' }]);
    expect(await table()).toEqual(before);
    const longest = { element: 'key-resources', title: '\u0001'.repeat(200), description: '\u0002'.repeat(2000) };
    expect((await staff.post('/api/business-model', longest)).statusCode).toBe(201);
  });
});

describe('create, edit, delete', () => {
  it('creates an item owned by the session, at the end of its element, with both timestamps from the clock', async () => {
    const first = await create({ element: 'value-propositions', title: '  Redlines in minutes  ', description: 'Keeps formatting.' });
    const second = await create({ element: 'value-propositions', title: 'Works offline' });
    const now = clock.now().toISOString();
    expect(first).toEqual({
      id: expect.any(Number),
      element: 'value-propositions',
      title: 'Redlines in minutes',
      description: 'Keeps formatting.',
      userId: staffId,
      orderIndex: 0,
      createdAt: now,
      updatedAt: now,
    });
    expect(second).toMatchObject({ orderIndex: 1, description: null });
  });

  it('PATCH changes only what it names and keeps updatedAt; another element puts the item last there', async () => {
    const item = await create({ element: 'customer-segments', title: 'Law firms', description: 'Small and mid-size.' });
    await create({ element: 'cost-structure', title: 'Hosting' });
    clock.advance(60_000);
    const renamed = (await staff.patch(`/api/business-model/${item.id}`, { title: 'Law firms (EU)' })).json();
    expect(renamed).toEqual({ ...item, title: 'Law firms (EU)', updatedAt: clock.now().toISOString() });
    const moved = (await staff.patch(`/api/business-model/${item.id}`, { element: 'cost-structure', description: '' })).json();
    expect(moved).toMatchObject({ element: 'cost-structure', description: null, title: 'Law firms (EU)', orderIndex: 1 });
    expect((await list()).filter((x) => x.element === 'cost-structure').map((x) => x.title)).toEqual(['Hosting', 'Law firms (EU)']);
  });

  it('lists items in the nine elements’ order (docs/product.md §2), then by position', async () => {
    await create({ element: 'key-partnerships', title: 'Printer vendor' });
    await create({ element: 'customer-segments', title: 'Educators' });
    const items = await list();
    const sorted = [...items].sort((a, b) => ELEMENTS.indexOf(a.element) - ELEMENTS.indexOf(b.element) || a.orderIndex - b.orderIndex || a.id - b.id);
    expect(items.map((x) => x.id)).toEqual(sorted.map((x) => x.id));
    expect(items[0]!.element).toBe('customer-segments');
  });

  it('stores script and SQL as the text given', async () => {
    const script = '<script>alert(1)</script>';
    const sqlText = "x'); delete from business_model_items; --";
    const item = await create({ element: 'channels', title: script, description: sqlText });
    expect(item).toMatchObject({ title: script, description: sqlText });
    expect((await table()).find((x) => x.id === item.id)).toMatchObject({ title: script, description: sqlText });
  });

  it('deletes with 204; a missing item is a 404 in the error shape on every route, and nothing changes', async () => {
    const item = await create({ element: 'revenue-streams', title: 'Seats' });
    const res = await staff.delete(`/api/business-model/${item.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await list()).map((x) => x.id)).not.toContain(item.id);
    const before = await table();
    for (const missing of [
      await staff.delete(`/api/business-model/${item.id}`),
      await staff.patch(`/api/business-model/${item.id}`, { title: 'x' }),
      await staff.post(`/api/business-model/${item.id}/move`, { index: 0 }),
    ]) {
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Item not found' } });
    }
    expect(await table()).toEqual(before);
  });
});
