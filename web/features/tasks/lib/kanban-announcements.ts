import type { Active, Announcements, Over, UniqueIdentifier } from '@dnd-kit/core';
import { TASK_STATUSES, TASK_STATUS_LABELS, type Task } from '@common/schemas/tasks';
import { cardId, columnStatus } from './kanban-ids';
import type { Columns } from './task-order';

/**
 * What a screen reader hears while a card is dragged (docs/decisions/012-board-order-under-one-lock.md): the task by its title and the
 * column by its name, with the place the card would take, e.g. 'Task "Write copy" is over
 * column Done, position 2 of 3.'
 *
 * `columnsNow` gives the board as the drag has rearranged it. dnd-kit calls the board's own
 * handlers before these, so it is already up to date; the droppables' own data lags a render
 * behind when a card has just changed column, so it is not used.
 */
export function announcementsFor(tasks: readonly Task[], columnsNow: () => Columns): Announcements {
  const title = (active: Active) => {
    const id = cardId(active.id);
    return `"${tasks.find((task) => task.id === id)?.title ?? 'untitled'}"`;
  };

  /** Where the dragged card would land with `over` under it: over a card, that card's place (it moves aside). */
  const place = (activeId: UniqueIdentifier, over: Active | Over | null): string | null => {
    if (!over) return null;
    const columns = columnsNow();
    const overColumn = columnStatus(over.id);
    const overCard = cardId(over.id);
    const status =
      overColumn ?? TASK_STATUSES.find((s) => overCard !== null && columns[s].includes(overCard)) ?? null;
    if (!status) return null;
    const cards = columns[status];
    const active = cardId(activeId);
    const landing = overCard !== null ? cards.indexOf(overCard) : active !== null ? cards.indexOf(active) : -1;
    const name = `column ${TASK_STATUS_LABELS[status]}`;
    return landing === -1 || (active !== null && !cards.includes(active)) ? name : `${name}, position ${landing + 1} of ${cards.length}`;
  };

  // dnd-kit reports "over" again when nothing a listener would notice has changed (the card over
  // itself as the drag starts); only news is announced, so the pick-up message is not cut short.
  let lastPlace: string | null = null;

  return {
    onDragStart: ({ active }) => {
      lastPlace = place(active.id, active);
      return `Picked up task ${title(active)}${lastPlace ? ` in ${lastPlace}` : ''}.`;
    },
    onDragOver: ({ active, over }) => {
      const now = place(active.id, over);
      if (now === lastPlace) return undefined;
      lastPlace = now;
      return now ? `Task ${title(active)} is over ${now}.` : `Task ${title(active)} is not over a column.`;
    },
    onDragEnd: ({ active, over }) => {
      const now = place(active.id, over);
      return now ? `Task ${title(active)} was dropped in ${now}.` : `Task ${title(active)} was dropped outside the board and stays where it was.`;
    },
    onDragCancel: ({ active }) => `Moving task ${title(active)} was cancelled. It is back where it was.`,
  };
}
