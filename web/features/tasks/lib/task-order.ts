/**
 * The board's order, as the server keeps it (docs/decisions/012-board-order-under-one-lock.md): columns in TASK_STATUSES order, cards by
 * orderIndex then id. A move is "this card, in that column, at that 0-based place counted
 * without the card" (MoveTaskSchema); the same rule runs here for the optimistic board.
 */
import { TASK_STATUSES, type Task, type TaskStatus } from '@common/schemas/tasks';

/** The ids of the cards in each column, top to bottom. */
export type Columns = Record<TaskStatus, number[]>;

const statusRank = (status: TaskStatus) => TASK_STATUSES.indexOf(status);

export function sortTasks(tasks: readonly Task[]): Task[] {
  return [...tasks].sort((a, b) => statusRank(a.status) - statusRank(b.status) || a.orderIndex - b.orderIndex || a.id - b.id);
}

export function emptyColumns(): Columns {
  return { backlog: [], 'in-progress': [], review: [], done: [] };
}

export function columnsOf(tasks: readonly Task[]): Columns {
  const columns = emptyColumns();
  for (const task of sortTasks(tasks)) columns[task.status].push(task.id);
  return columns;
}

/**
 * The board after a move, with both columns renumbered 0..n-1 as the server does; `index` past
 * the end means the end. An unknown id leaves the board as it was.
 */
export function applyMove(tasks: readonly Task[], id: number, status: TaskStatus, index: number): Task[] {
  const moving = tasks.find((task) => task.id === id);
  if (!moving) return [...tasks];
  const columns = columnsOf(tasks.filter((task) => task.id !== id));
  const target = columns[status];
  target.splice(Math.max(0, Math.min(index, target.length)), 0, id);

  const place = new Map<number, { status: TaskStatus; orderIndex: number }>();
  for (const column of [moving.status, status]) columns[column].forEach((taskId, i) => place.set(taskId, { status: column, orderIndex: i }));
  return sortTasks(tasks.map((task) => {
    const next = place.get(task.id);
    return next ? { ...task, ...next } : task;
  }));
}

/**
 * Where a card dropped among the visible (filtered) cards goes in the whole column: just before
 * the visible card that follows it, or at the end when none follows. Without a filter this is
 * simply the card's visible place.
 * `column` is the target column's ids without the moving card; `nextVisible` the card shown right after it.
 */
export function columnIndex(column: readonly number[], nextVisible: number | undefined): number {
  const at = nextVisible === undefined ? -1 : column.indexOf(nextVisible);
  return at === -1 ? column.length : at;
}

/** The card's column and 0-based place there, or null when it is not on the board. */
export function positionOf(tasks: readonly Task[], id: number): { status: TaskStatus; index: number } | null {
  const task = tasks.find((t) => t.id === id);
  if (!task) return null;
  return { status: task.status, index: columnsOf(tasks)[task.status].indexOf(id) };
}
