/**
 * The task API for staff (docs/decisions/012-board-order-under-one-lock.md): docs/product.md §7's calls with docs/product.md §9's defaults, createdBy
 * from the session, updatedAt kept, docs/product.md §4's story rule on create and update against the stored
 * row, partial PATCHes that change only what they name, 404s, and text stored as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, newAccount, signedIn, type Agent } from '../../../tests/support/agent';
import { movableClock } from '../../../tests/support/clock';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const MINUTE = 60_000;
let t: TestApp;
const clock = movableClock();
let staff: Agent;
let staffUser: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  const first = await signedIn(t.app, 'staff');
  staff = first.agent;
  staffUser = { id: first.user.id, name: first.account.name };
  await signedIn(t.app, 'member');
});
afterAll(() => t.close());

type Task = Record<string, unknown> & { id: number; status: string; orderIndex: number; updatedAt: string };
const create = async (fields: Record<string, unknown> = {}): Promise<Task> => {
  const res = await staff.post('/api/tasks', { title: 'Write the launch post', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const list = async (): Promise<Task[]> => (await staff.get('/api/tasks')).json();
const stored = (id: number) => t.deps.database.db.query.tasks.findFirst({ where: (x, { eq }) => eq(x.id, id) });
const table = () => t.deps.database.db.query.tasks.findMany({ orderBy: (x, { asc }) => [asc(x.id)] });

describe('create', () => {
  it('applies docs/product.md §9 defaults, takes createdBy from the session and answers the whole task', async () => {
    const res = await staff.post('/api/tasks', { title: '  Plan the webinar  ' });
    expect(res.statusCode).toBe(201);
    const now = clock.now().toISOString();
    expect(res.json()).toEqual({
      id: expect.any(Number),
      title: 'Plan the webinar',
      description: null,
      type: 'todo',
      category: 'product',
      status: 'backlog',
      priority: 'medium',
      createdBy: staffUser.id,
      assignedTo: null,
      assigneeName: null,
      dueDate: null,
      orderIndex: expect.any(Number),
      createdAt: now,
      updatedAt: now,
    });
    expect(await stored(res.json().id)).toMatchObject({ createdBy: staffUser.id, type: 'todo', status: 'backlog' });
  });

  it('stores the full form: description, enums, due date as an instant, and a staff assignee with their name', async () => {
    const task = await create({
      title: 'Quarterly filing',
      description: 'Send the VAT return.',
      type: 'todo',
      category: 'accounting',
      status: 'review',
      priority: 'urgent',
      dueDate: '2026-12-31T00:00:00+02:00',
      assignedTo: staffUser.id,
    });
    expect(task).toMatchObject({
      description: 'Send the VAT return.',
      category: 'accounting',
      status: 'review',
      priority: 'urgent',
      dueDate: '2026-12-30T22:00:00.000Z',
      assignedTo: staffUser.id,
      assigneeName: staffUser.name,
    });
    expect((await list()).find((x) => x.id === task.id)).toEqual(task);
  });

  it('puts a new card at the end of its column whatever orderIndex the form sends', async () => {
    const column = (await list()).filter((x) => x.status === 'in-progress');
    const a = await create({ status: 'in-progress', orderIndex: 0 });
    const b = await create({ status: 'in-progress', orderIndex: 0 });
    expect(b.orderIndex).toBe(a.orderIndex + 1);
    expect(a.orderIndex).toBeGreaterThan(Math.max(-1, ...column.map((x) => x.orderIndex)));
    const ids = (await list()).filter((x) => x.status === 'in-progress').map((x) => x.id);
    expect(ids.slice(-2)).toEqual([a.id, b.id]);
  });

  it('an empty description is stored as none', async () => {
    expect((await create({ description: '   ' })).description).toBeNull();
  });

  it('stores script and SQL as the text given and answers it as JSON text', async () => {
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const sqlText = "'; drop table tasks; -- \" or 1=1";
    const res = await staff.post('/api/tasks', { title: script, description: sqlText });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ title: script, description: sqlText });
    expect(await stored(res.json().id)).toMatchObject({ title: script, description: sqlText });
    expect((await list()).find((x) => x.id === res.json().id)).toMatchObject({ title: script, description: sqlText });
  });
});

describe('the story rule (docs/product.md §4), on the server too', () => {
  it('a story is created as product whatever category is sent', async () => {
    expect(await create({ type: 'story', category: 'legal' })).toMatchObject({ type: 'story', category: 'product' });
  });

  it('PATCH {type: story} alone moves a marketing task to product', async () => {
    const task = await create({ category: 'marketing' });
    const res = await staff.patch(`/api/tasks/${task.id}`, { type: 'story' });
    expect(res.json()).toMatchObject({ type: 'story', category: 'product' });
    expect(await stored(task.id)).toMatchObject({ type: 'story', category: 'product' });
  });

  it('PATCH {category: legal} on a stored story keeps it product', async () => {
    const story = await create({ type: 'story' });
    const res = await staff.patch(`/api/tasks/${story.id}`, { category: 'legal', priority: 'high' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'story', category: 'product', priority: 'high' });
    expect(await stored(story.id)).toMatchObject({ category: 'product' });
  });

  it('a story turned back into a task may take another category', async () => {
    const story = await create({ type: 'story' });
    expect((await staff.patch(`/api/tasks/${story.id}`, { type: 'todo' })).json()).toMatchObject({ type: 'todo', category: 'product' });
    expect((await staff.patch(`/api/tasks/${story.id}`, { category: 'legal' })).json()).toMatchObject({ type: 'todo', category: 'legal' });
  });
});

describe('PATCH changes only what it names and keeps updatedAt', () => {
  it('{status} alone: the card moves to the end of its new column, nothing else changes', async () => {
    const task = await create({ description: 'Keep me', priority: 'low', dueDate: '2027-01-15T09:00:00.000Z', assignedTo: staffUser.id });
    const done = (await list()).filter((x) => x.status === 'done');
    clock.advance(MINUTE);
    const res = await staff.patch(`/api/tasks/${task.id}`, { status: 'done' });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after).toEqual({ ...task, status: 'done', orderIndex: after.orderIndex, updatedAt: clock.now().toISOString() });
    expect(after.orderIndex).toBeGreaterThan(Math.max(-1, ...done.map((x) => x.orderIndex)));
    expect(after.updatedAt > task.updatedAt).toBe(true);
    expect((await list()).filter((x) => x.status === 'done').at(-1)?.id).toBe(task.id);
  });

  it('{status} to the column it is already in leaves its place', async () => {
    const task = await create({ status: 'review' });
    await create({ status: 'review' });
    expect((await staff.patch(`/api/tasks/${task.id}`, { status: 'review' })).json().orderIndex).toBe(task.orderIndex);
  });

  it('{priority} alone', async () => {
    const task = await create({ priority: 'low', category: 'legal' });
    clock.advance(MINUTE);
    const after = (await staff.patch(`/api/tasks/${task.id}`, { priority: 'urgent' })).json();
    expect(after).toEqual({ ...task, priority: 'urgent', updatedAt: clock.now().toISOString() });
    expect(after.createdAt).toBe(task.createdAt);
  });

  it('the whole edit form, then clearing description, due date and assignee with null', async () => {
    const task = await create();
    const form = {
      title: 'Renegotiate the office lease',
      description: 'Ask for 3 months free.',
      type: 'todo',
      category: 'operations',
      status: 'in-progress',
      priority: 'high',
      dueDate: '2027-03-01T12:00:00.000Z',
      assignedTo: staffUser.id,
    };
    clock.advance(MINUTE);
    const edited = (await staff.patch(`/api/tasks/${task.id}`, form)).json();
    expect(edited).toMatchObject({ ...form, assigneeName: staffUser.name, createdBy: staffUser.id, createdAt: task.createdAt });
    expect(edited.updatedAt).toBe(clock.now().toISOString());
    const cleared = (await staff.patch(`/api/tasks/${task.id}`, { description: '', dueDate: null, assignedTo: null })).json();
    expect(cleared).toMatchObject({ title: form.title, description: null, dueDate: null, assignedTo: null, assigneeName: null });
  });
});

describe('missing tasks and delete', () => {
  it('answers 404 in the error shape for a task that does not exist, and changes nothing', async () => {
    const before = await table();
    for (const res of [
      await staff.patch('/api/tasks/999999', { status: 'done' }),
      await staff.post('/api/tasks/999999/move', { status: 'done', index: 0 }),
      await staff.delete('/api/tasks/999999'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Task not found' } });
    }
    expect(await table()).toEqual(before);
  });

  it('deletes with 204 and no body; the task is gone and a second delete is a 404', async () => {
    const task = await create();
    const res = await staff.delete(`/api/tasks/${task.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await list()).map((x) => x.id)).not.toContain(task.id);
    expect(await stored(task.id)).toBeUndefined();
    expect((await staff.delete(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await staff.patch(`/api/tasks/${task.id}`, { status: 'done' })).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('is ordered by column (Backlog, In Progress, Review, Done), then position, then id', async () => {
    for (const status of ['done', 'review', 'in-progress', 'backlog']) await create({ status });
    const tasks = await list();
    const columnOf = (s: string) => ['backlog', 'in-progress', 'review', 'done'].indexOf(s);
    const sorted = [...tasks].sort((a, b) => columnOf(a.status) - columnOf(b.status) || a.orderIndex - b.orderIndex || a.id - b.id);
    expect(tasks.map((x) => x.id)).toEqual(sorted.map((x) => x.id));
    expect(new Set(tasks.map((x) => x.status)).size).toBe(4);
  });
});

describe('assignees', () => {
  it('lists the staff only: id, name and email', async () => {
    const res = await staff.get('/api/tasks/assignees');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: staffUser.id, name: staffUser.name, email: expect.stringMatching(/@example\.com$/) }]);
  });

  it('with ADMIN_EMAILS, lists exactly the staff it names that have accounts, by name', async () => {
    const withList = await createTestApp({ env: { ADMIN_EMAILS: 'zoe@example.com, adam@example.com, nobody@example.com' } });
    try {
      const register = async (name: string, email: string) => {
        const a = agent(withList.app);
        const account = { ...newAccount(), name, email };
        await a.post('/api/auth/register', account);
        const login = await a.post('/api/auth/login', { email, password: account.password });
        return { agent: a, id: login.json().id as number };
      };
      const zoe = await register('Zoe Admin', 'zoe@example.com');
      const user = await register('Bob User', 'bob@example.com');
      const adam = await register('Adam Admin', 'adam@example.com');
      expect((await zoe.agent.get('/api/tasks/assignees')).json()).toEqual([
        { id: adam.id, name: 'Adam Admin', email: 'adam@example.com' },
        { id: zoe.id, name: 'Zoe Admin', email: 'zoe@example.com' },
      ]);
      const assigned = await adam.agent.post('/api/tasks', { title: 'Hire', assignedTo: zoe.id });
      expect(assigned.json()).toMatchObject({ createdBy: adam.id, assignedTo: zoe.id, assigneeName: 'Zoe Admin' });
      expect((await adam.agent.post('/api/tasks', { title: 'Hire', assignedTo: user.id })).statusCode).toBe(400);
      expect((await user.agent.get('/api/tasks')).statusCode).toBe(403);
    } finally {
      await withList.close();
    }
  });
});
