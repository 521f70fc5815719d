import { describe, expect, it } from 'vitest';
import type { Task, TaskStatus } from '@common/schemas/tasks';
import { applyMove, columnIndex, columnsOf, positionOf } from './task-order';

function task(id: number, status: TaskStatus, orderIndex: number): Task {
  return {
    id,
    title: `Task ${id}`,
    description: null,
    type: 'todo',
    category: 'product',
    status,
    priority: 'medium',
    createdBy: 1,
    assignedTo: null,
    assigneeName: null,
    dueDate: null,
    orderIndex,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

// Backlog 1,2,3; In Progress 4; Done 5 — given out of order, as a list could arrive.
const board = [task(3, 'backlog', 2), task(5, 'done', 0), task(1, 'backlog', 0), task(4, 'in-progress', 0), task(2, 'backlog', 1)];

describe('columnsOf', () => {
  it('groups by status in board order, cards by orderIndex then id', () => {
    expect(columnsOf(board)).toEqual({ backlog: [1, 2, 3], 'in-progress': [4], review: [], done: [5] });
    expect(columnsOf([task(9, 'review', 1), task(8, 'review', 1), task(7, 'review', 0)]).review).toEqual([7, 8, 9]);
  });
});

describe('applyMove', () => {
  it('puts a card in another column at the given place and renumbers both columns', () => {
    const moved = applyMove(board, 2, 'done', 0);
    expect(columnsOf(moved)).toEqual({ backlog: [1, 3], 'in-progress': [4], review: [], done: [2, 5] });
    const byId = new Map(moved.map((t) => [t.id, t]));
    expect([byId.get(1)?.orderIndex, byId.get(3)?.orderIndex]).toEqual([0, 1]);
    expect([byId.get(2)?.status, byId.get(2)?.orderIndex, byId.get(5)?.orderIndex]).toEqual(['done', 0, 1]);
  });

  it('reorders inside a column, the index counted without the card', () => {
    expect(columnsOf(applyMove(board, 1, 'backlog', 2)).backlog).toEqual([2, 3, 1]);
    expect(columnsOf(applyMove(board, 3, 'backlog', 0)).backlog).toEqual([3, 1, 2]);
    expect(columnsOf(applyMove(board, 1, 'backlog', 1)).backlog).toEqual([2, 1, 3]);
  });

  it('clamps an index past the end to the end, and ignores an unknown card', () => {
    expect(columnsOf(applyMove(board, 1, 'review', 99)).review).toEqual([1]);
    expect(columnsOf(applyMove(board, 1, 'done', 99)).done).toEqual([5, 1]);
    expect(columnsOf(applyMove(board, 42, 'done', 0))).toEqual(columnsOf(board));
  });

  it('leaves the input untouched', () => {
    const before = JSON.stringify(board);
    applyMove(board, 2, 'done', 0);
    expect(JSON.stringify(board)).toBe(before);
  });
});

describe('columnIndex', () => {
  it('goes before the visible card that follows, or at the end', () => {
    // The whole column is 10, 11, 12, 13; a filter shows only 11 and 13.
    expect(columnIndex([10, 11, 12, 13], 11)).toBe(1);
    expect(columnIndex([10, 11, 12, 13], 13)).toBe(3);
    expect(columnIndex([10, 11, 12, 13], undefined)).toBe(4);
    expect(columnIndex([], undefined)).toBe(0);
  });
});

describe('positionOf', () => {
  it("gives a card's column and place", () => {
    expect(positionOf(board, 3)).toEqual({ status: 'backlog', index: 2 });
    expect(positionOf(board, 42)).toBeNull();
  });
});
