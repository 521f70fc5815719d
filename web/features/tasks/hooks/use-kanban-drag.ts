import {
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  closestCenter,
  getFirstCollision,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { TASK_STATUSES, type Task, type TaskStatus } from '@common/schemas/tasks';
import { type MoveTaskVariables } from '../api/move-task';
import { cardId, columnStatus } from '../lib/kanban-ids';
import { announcementsFor } from '../lib/kanban-announcements';
import { type Columns, columnIndex, columnsOf, positionOf } from '../lib/task-order';

/** docs/product.md §4 and §9: a press becomes a drag only after 8 px, so a click on a card stays a click. */
const ACTIVATION_DISTANCE_PX = 8;

type Options = {
  /** The whole board, for positions; `visible` is what the filters show. */
  tasks: readonly Task[];
  visible: readonly Task[];
  onMove: (move: MoveTaskVariables) => void;
};

function containerOf(columns: Columns, id: UniqueIdentifier): TaskStatus | null {
  const status = columnStatus(id);
  if (status) return status;
  const card = cardId(id);
  return card === null ? null : (TASK_STATUSES.find((s) => columns[s].includes(card)) ?? null);
}

/**
 * dnd-kit's multiple-containers pattern: while a card is dragged, the board is a local copy in
 * which the card changes column as soon as it is over another one (so the columns make room
 * for it); on the drop, docs/product.md §4's rules give one move: on a column, its end; on a card, that
 * card's column and place; in its own column, the new place.
 *
 * After a drop the local copy stays, in its final order, until the board it was made from is
 * replaced (the optimistic cache update reaches this component a tick later): dropping it at
 * once would show the card back where it came from for a frame, and remount it, losing the
 * keyboard focus dnd-kit has just given back.
 */
export function useKanbanDrag({ tasks, visible, onMove }: Options) {
  const [drag, setDrag] = useState<{ columns: Columns; basis: readonly Task[] } | null>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const visibleColumns = useMemo(() => columnsOf(visible), [visible]);
  // Mid-drag the copy holds even if the board is replaced (an earlier drop's answer arriving).
  const columns = drag && (activeId !== null || drag.basis === visible) ? drag.columns : visibleColumns;
  const setDragColumns = (next: Columns | null) => setDrag(next && { columns: next, basis: visible });
  // The same board for the screen-reader announcements, which dnd-kit calls right after the
  // handlers below, before React has rendered what they set.
  const liveColumns = useRef<Columns>(visibleColumns);

  // While the columns re-measure after a card changed column, keep the last target rather than
  // let the collision flip back and forth between the two columns.
  const lastOverId = useRef<UniqueIdentifier | null>(null);
  const justMoved = useRef(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      justMoved.current = false;
    });
    return () => cancelAnimationFrame(frame);
  }, [columns]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: ACTIVATION_DISTANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /** The pointer's column (or what the dragged card overlaps, for the keyboard); inside a column, its nearest card. */
  const collisionDetection: CollisionDetection = useCallback(
    (args) => {
      const underPointer = pointerWithin(args);
      let overId = getFirstCollision(underPointer.length > 0 ? underPointer : rectIntersection(args), 'id');
      if (overId != null) {
        const status = columnStatus(overId);
        if (status && columns[status].length > 0) {
          const cards = new Set<UniqueIdentifier>(columns[status]);
          const nearest = closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => cards.has(c.id)) });
          overId = getFirstCollision(nearest, 'id') ?? overId;
        }
        lastOverId.current = overId;
        return [{ id: overId }];
      }
      if (justMoved.current) lastOverId.current = activeId;
      return lastOverId.current != null ? [{ id: lastOverId.current }] : [];
    },
    [activeId, columns],
  );

  const reset = () => {
    liveColumns.current = visibleColumns;
    setDragColumns(null);
    setActiveId(null);
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    setActiveId(cardId(active.id));
    lastOverId.current = null;
    liveColumns.current = visibleColumns;
    setDragColumns(visibleColumns);
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    const id = cardId(active.id);
    if (id === null || !over) return;
    const from = containerOf(columns, id);
    const to = containerOf(columns, over.id);
    if (!from || !to || from === to) return;
    const target = columns[to].filter((card) => card !== id);
    let index = target.length; // over the column itself: its end
    const overCard = cardId(over.id);
    if (overCard !== null && target.includes(overCard)) {
      const translated = active.rect.current.translated;
      const belowMiddle = translated !== null && translated.top > over.rect.top + over.rect.height / 2;
      index = target.indexOf(overCard) + (belowMiddle ? 1 : 0);
    }
    justMoved.current = true;
    const next = { ...columns, [from]: columns[from].filter((card) => card !== id), [to]: target.toSpliced(index, 0, id) };
    liveColumns.current = next;
    setDragColumns(next);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const id = cardId(active.id);
    const status = id === null ? null : containerOf(columns, id);
    // The drop's announcement reads the board as it was at the drop, not as reset leaves it.
    const atDrop = columns;
    reset();
    liveColumns.current = atDrop;
    if (id === null || !status || !over) return;
    let shown = columns[status];
    const overCard = cardId(over.id);
    if (overCard !== null && overCard !== id && shown.includes(overCard)) shown = arrayMove(shown, shown.indexOf(id), shown.indexOf(overCard));
    // The filters may hide cards: place it just before the card shown after it, in the whole column.
    const wholeColumn = columnsOf(tasks)[status].filter((card) => card !== id);
    const index = columnIndex(wholeColumn, shown[shown.indexOf(id) + 1]);
    const origin = positionOf(tasks, id);
    if (origin && origin.status === status && origin.index === index) return;
    setDragColumns({ ...columns, [status]: shown });
    onMove({ id, status, index });
  };

  const announcements: Announcements = useMemo(() => announcementsFor(tasks, () => liveColumns.current), [tasks]);
  const activeTask = activeId === null ? null : (tasks.find((task) => task.id === activeId) ?? null);

  return {
    columns,
    activeTask,
    dndProps: { sensors, collisionDetection, onDragStart, onDragOver, onDragEnd, onDragCancel: reset, accessibility: { announcements, screenReaderInstructions } },
  };
}

const screenReaderInstructions = {
  draggable:
    'To pick up a task, press Space or Enter. Use the arrow keys to move it: left and right between columns, up and down within a column. Press Space or Enter again to drop it, or Escape to cancel.',
};
