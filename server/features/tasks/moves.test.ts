/**
 * POST /api/tasks/:id/move (docs/decisions/012-board-order-under-one-lock.md): one request puts a card at a place in a column,
 * both columns end up numbered 0..n-1, and moves by several staff at once never leave two cards
 * in one place or lose a card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Agent } from '../../../tests/support/agent';
import { movableClock } from '../../../tests/support/clock';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const STATUSES = ['backlog', 'in-progress', 'review', 'done'] as const;
type Status = (typeof STATUSES)[number];
type Task = { id: number; title: string; status: Status; orderIndex: number; updatedAt: string };

let t: TestApp;
const clock = movableClock();
let staff: Agent;
beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = (await signedIn(t.app, 'staff')).agent;
});
afterAll(() => t.close());

const create = async (a: Agent, title: string, status: Status): Promise<Task> => (await a.post('/api/tasks', { title, status })).json();
const list = async (a: Agent = staff): Promise<Task[]> => (await a.get('/api/tasks')).json();
const move = (a: Agent, id: number, status: Status, index: number) => a.post(`/api/tasks/${id}/move`, { status, index });
const titles = (tasks: Task[], status: Status) => tasks.filter((x) => x.status === status).map((x) => x.title);

/** Each column's cards hold exactly the places 0..n-1, in the order the list gives them. */
function expectDensePositions(tasks: Task[]) {
  for (const status of STATUSES) {
    const column = tasks.filter((x) => x.status === status);
    expect(column.map((x) => x.orderIndex), status).toEqual(column.map((_, i) => i));
  }
}

/** A repeatable sequence of moves (a fixed-seed LCG), so a failure can be replayed. */
function pseudoRandom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

describe('one move', () => {
  it('within a column: the card lands at the index counted without it, and the column is renumbered', async () => {
    for (const title of ['A', 'B', 'C', 'D']) await create(staff, title, 'backlog');
    const a = (await list()).find((x) => x.title === 'A')!;
    const res = await move(staff, a.id, 'backlog', 2);
    expect(res.statusCode).toBe(200);
    expect(titles(res.json(), 'backlog')).toEqual(['B', 'C', 'A', 'D']);
    expectDensePositions(res.json());
    // The answer is the whole board as stored.
    expect(res.json()).toEqual(await list());
  });

  it('an index past the end puts the card last; index 0 puts it first', async () => {
    const b = (await list()).find((x) => x.title === 'B')!;
    expect(titles((await move(staff, b.id, 'backlog', 10_000)).json(), 'backlog')).toEqual(['C', 'A', 'D', 'B']);
    expect(titles((await move(staff, b.id, 'backlog', 0)).json(), 'backlog')).toEqual(['B', 'C', 'A', 'D']);
  });

  it('to another column: takes its status and place there, and both columns are renumbered', async () => {
    for (const title of ['R1', 'R2']) await create(staff, title, 'review');
    const c = (await list()).find((x) => x.title === 'C')!;
    const res = await move(staff, c.id, 'review', 1);
    expect(titles(res.json(), 'review')).toEqual(['R1', 'C', 'R2']);
    expect(titles(res.json(), 'backlog')).toEqual(['B', 'A', 'D']);
    expectDensePositions(res.json());
    expect(res.json().find((x: Task) => x.id === c.id)).toMatchObject({ status: 'review', orderIndex: 1 });
  });

  it('into an empty column', async () => {
    const d = (await list()).find((x) => x.title === 'D')!;
    const res = await move(staff, d.id, 'done', 5);
    expect(titles(res.json(), 'done')).toEqual(['D']);
    expectDensePositions(res.json());
  });

  it("changes the moved card's updatedAt only; a move to where it already is changes nothing", async () => {
    const before = await list();
    const r2 = before.find((x) => x.title === 'R2')!;
    clock.advance(60_000);
    const after: Task[] = (await move(staff, r2.id, 'review', 0)).json();
    expect(after.find((x) => x.id === r2.id)!.updatedAt).toBe(clock.now().toISOString());
    for (const other of after.filter((x) => x.id !== r2.id)) expect(other.updatedAt).toBe(before.find((x) => x.id === other.id)!.updatedAt);
    clock.advance(60_000);
    expect((await move(staff, r2.id, 'review', 0)).json()).toEqual(after);
  });

  it('closes the gap a delete leaves at the next move', async () => {
    const [x, y] = [await create(staff, 'X', 'in-progress'), await create(staff, 'Y', 'in-progress'), await create(staff, 'Z', 'in-progress')];
    expect((await staff.delete(`/api/tasks/${y!.id}`)).statusCode).toBe(204);
    const gap = (await list()).filter((c) => c.status === 'in-progress').map((c) => c.orderIndex);
    expect(gap).toEqual([0, 2]);
    const res = await move(staff, x!.id, 'in-progress', 1);
    expect(titles(res.json(), 'in-progress')).toEqual(['Z', 'X']);
    expectDensePositions(res.json());
  });
});

describe('moves at the same time', () => {
  it('20 concurrent moves inside one column leave distinct positions 0..19 and every card, three rounds over', async () => {
    const app = await createTestApp();
    try {
      const a = (await signedIn(app.app, 'staff')).agent;
      const cards = await Promise.all(Array.from({ length: 20 }, (_, i) => create(a, `Card ${i}`, 'in-progress')));
      // Twenty concurrent creates already share nothing: each one goes last under the lock.
      expect(cards.map((c) => c.orderIndex).sort((x, y) => x - y)).toEqual(cards.map((_, i) => i));
      const random = pseudoRandom(11);
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(cards.map((c) => move(a, c.id, 'in-progress', random(20))));
        expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
        // Each answer is a consistent board: the one its move left.
        for (const answer of answers) expectDensePositions(answer.json());
        const board = await list(a);
        expect(board.map((x) => x.id).sort((x, y) => x - y)).toEqual(cards.map((c) => c.id).sort((x, y) => x - y));
        expect(board.every((x) => x.status === 'in-progress')).toBe(true);
        expectDensePositions(board);
      }
    } finally {
      await app.close();
    }
  });

  it('concurrent moves across columns, mixed with status PATCHes, lose no card and keep every column 0..n-1', async () => {
    const app = await createTestApp();
    try {
      const a = (await signedIn(app.app, 'staff')).agent;
      const cards: Task[] = [];
      for (let i = 0; i < 20; i++) cards.push(await create(a, `Card ${i}`, STATUSES[i % 4]!));
      const random = pseudoRandom(7);
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          cards.map((c, i) =>
            i % 5 === 0
              ? a.patch(`/api/tasks/${c.id}`, { status: STATUSES[random(4)] })
              : move(a, c.id, STATUSES[random(4)]!, random(8)),
          ),
        );
        expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
        const board = await list(a);
        expect(board).toHaveLength(20);
        expect(new Set(board.map((x) => x.id))).toEqual(new Set(cards.map((c) => c.id)));
        // A status PATCH appends at the end without renumbering, so those columns are only
        // distinct; the next move in a column makes it dense again.
        for (const status of STATUSES) {
          const places = board.filter((x) => x.status === status).map((x) => x.orderIndex);
          expect(new Set(places).size, status).toBe(places.length);
        }
      }
      // One move per column after the storm: every column is 0..n-1 again.
      for (const status of STATUSES) {
        const first = (await list(a)).find((x) => x.status === status);
        if (first) await move(a, first.id, status, 0);
      }
      expectDensePositions(await list(a));
    } finally {
      await app.close();
    }
  });
});
