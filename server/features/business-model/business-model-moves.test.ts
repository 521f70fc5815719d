/**
 * POST /api/business-model/:id/move (docs/decisions/012-board-order-under-one-lock.md): reordering inside an element, one
 * request per drop, numbered 0..n-1, and safe when several staff reorder at the same time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Agent } from '../../../tests/support/agent';
import { movableClock } from '../../../tests/support/clock';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

type Item = { id: number; element: string; title: string; orderIndex: number; updatedAt: string };

let t: TestApp;
const clock = movableClock();
let staff: Agent;
beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = (await signedIn(t.app, 'staff')).agent;
});
afterAll(() => t.close());

const create = async (a: Agent, element: string, title: string): Promise<Item> => (await a.post('/api/business-model', { element, title })).json();
const list = async (a: Agent = staff): Promise<Item[]> => (await a.get('/api/business-model')).json();
const move = (a: Agent, id: number, index: number) => a.post(`/api/business-model/${id}/move`, { index });
const titles = (items: Item[], element: string) => items.filter((x) => x.element === element).map((x) => x.title);

function expectDensePositions(items: Item[]) {
  for (const element of new Set(items.map((x) => x.element))) {
    const inElement = items.filter((x) => x.element === element);
    expect(inElement.map((x) => x.orderIndex), element).toEqual(inElement.map((_, i) => i));
  }
}

/** A repeatable sequence (a fixed-seed LCG), so a failure can be replayed. */
function pseudoRandom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

describe('one move', () => {
  it('reorders within the element, answers the whole canvas, and leaves other elements alone', async () => {
    for (const title of ['A', 'B', 'C']) await create(staff, 'channels', title);
    await create(staff, 'key-resources', 'Team');
    const a = (await list()).find((x) => x.title === 'A')!;
    clock.advance(60_000);
    const res = await move(staff, a.id, 1);
    expect(res.statusCode).toBe(200);
    expect(titles(res.json(), 'channels')).toEqual(['B', 'A', 'C']);
    expect(titles(res.json(), 'key-resources')).toEqual(['Team']);
    expectDensePositions(res.json());
    expect(res.json()).toEqual(await list());
    expect(res.json().find((x: Item) => x.id === a.id).updatedAt).toBe(clock.now().toISOString());
  });

  it('clamps an index past the end; a move to where it is changes nothing', async () => {
    const b = (await list()).find((x) => x.title === 'B')!;
    const last = (await move(staff, b.id, 10_000)).json();
    expect(titles(last, 'channels')).toEqual(['A', 'C', 'B']);
    clock.advance(60_000);
    expect((await move(staff, b.id, 2)).json()).toEqual(last);
  });

  it('closes the gap a delete leaves', async () => {
    const [a, c] = (await list()).filter((x) => x.element === 'channels');
    expect((await staff.delete(`/api/business-model/${c!.id}`)).statusCode).toBe(204);
    const res = await move(staff, a!.id, 1);
    expect(titles(res.json(), 'channels')).toEqual(['B', 'A']);
    expectDensePositions(res.json());
  });
});

describe('moves at the same time', () => {
  it('20 concurrent reorders inside one element leave distinct positions 0..19 and every item, three rounds over', async () => {
    const app = await createTestApp();
    try {
      const a = (await signedIn(app.app, 'staff')).agent;
      const items = await Promise.all(Array.from({ length: 20 }, (_, i) => create(a, 'key-activities', `Item ${i}`)));
      expect(items.map((x) => x.orderIndex).sort((x, y) => x - y)).toEqual(items.map((_, i) => i));
      const random = pseudoRandom(5);
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(items.map((x) => move(a, x.id, random(20))));
        expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
        for (const answer of answers) expectDensePositions(answer.json());
        const canvas = await list(a);
        expect(canvas.map((x) => x.id).sort((x, y) => x - y)).toEqual(items.map((x) => x.id).sort((x, y) => x - y));
        expectDensePositions(canvas);
      }
    } finally {
      await app.close();
    }
  });

  it('concurrent reorders in several elements, mixed with element changes, lose no item and keep places distinct', async () => {
    const app = await createTestApp();
    try {
      const a = (await signedIn(app.app, 'staff')).agent;
      const elements = ['channels', 'revenue-streams', 'cost-structure'];
      const items: Item[] = [];
      for (let i = 0; i < 21; i++) items.push(await create(a, elements[i % 3]!, `Item ${i}`));
      const random = pseudoRandom(3);
      const answers = await Promise.all(
        items.map((x, i) => (i % 4 === 0 ? a.patch(`/api/business-model/${x.id}`, { element: elements[random(3)] }) : move(a, x.id, random(8)))),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(21).fill(200));
      const canvas = await list(a);
      expect(new Set(canvas.map((x) => x.id))).toEqual(new Set(items.map((x) => x.id)));
      for (const element of elements) {
        const places = canvas.filter((x) => x.element === element).map((x) => x.orderIndex);
        expect(new Set(places).size, element).toBe(places.length);
      }
    } finally {
      await app.close();
    }
  });
});
