import type { UniqueIdentifier } from '@dnd-kit/core';
import { TASK_STATUSES, type TaskStatus } from '@common/schemas/tasks';

/*
 * On the board, cards are droppables under their task id (a number) and columns under
 * 'column:<status>' (a string), so the two can never be confused.
 */
const PREFIX = 'column:';

export const columnDroppableId = (status: TaskStatus) => `${PREFIX}${status}`;

export function columnStatus(id: UniqueIdentifier): TaskStatus | null {
  if (typeof id !== 'string' || !id.startsWith(PREFIX)) return null;
  const status = id.slice(PREFIX.length);
  return (TASK_STATUSES as readonly string[]).includes(status) ? (status as TaskStatus) : null;
}

export const cardId = (id: UniqueIdentifier): number | null => (typeof id === 'number' ? id : null);
