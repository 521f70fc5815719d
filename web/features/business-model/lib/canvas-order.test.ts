import { describe, expect, it } from 'vitest';
import type { CanvasElement, CanvasItem } from '@common/schemas/business-model';
import { countByElement, itemsOf, moveWithinElement } from './canvas-order';

let nextId = 1;
const item = (element: CanvasElement, title: string, orderIndex: number): CanvasItem => ({
  id: nextId++,
  element,
  title,
  description: null,
  userId: 1,
  orderIndex,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const a = item('customer-segments', 'A', 0);
const b = item('customer-segments', 'B', 1);
const x = item('channels', 'X', 0);
const c = item('customer-segments', 'C', 2);
const list = [a, b, x, c];
const titles = (items: CanvasItem[], element: CanvasElement) => itemsOf(items, element).map((i) => i.title);

describe('moveWithinElement', () => {
  it('moves an item up, down, and to either end, renumbering its element', () => {
    expect(titles(moveWithinElement(list, b.id, 0), 'customer-segments')).toEqual(['B', 'A', 'C']);
    expect(titles(moveWithinElement(list, b.id, 2), 'customer-segments')).toEqual(['A', 'C', 'B']);
    expect(titles(moveWithinElement(list, c.id, 0), 'customer-segments')).toEqual(['C', 'A', 'B']);
    expect(titles(moveWithinElement(list, a.id, 1), 'customer-segments')).toEqual(['B', 'A', 'C']);
    expect(itemsOf(moveWithinElement(list, c.id, 0), 'customer-segments').map((i) => i.orderIndex)).toEqual([0, 1, 2]);
  });

  it('clamps the index like the server and leaves other elements where they were', () => {
    const moved = moveWithinElement(list, a.id, 99);
    expect(titles(moved, 'customer-segments')).toEqual(['B', 'C', 'A']);
    expect(moved[2]).toEqual(x);
    expect(titles(moveWithinElement(list, a.id, -3), 'customer-segments')).toEqual(['A', 'B', 'C']);
  });

  it('returns the list unchanged for an id it does not hold', () => {
    expect(moveWithinElement(list, 999, 0)).toEqual(list);
  });
});

describe('countByElement', () => {
  it('counts every element, zero included', () => {
    const counts = countByElement(list);
    expect(counts['customer-segments']).toBe(3);
    expect(counts.channels).toBe(1);
    expect(counts['cost-structure']).toBe(0);
    expect(Object.keys(counts)).toHaveLength(9);
  });
});
