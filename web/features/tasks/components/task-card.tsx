import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { CalendarDays, UserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import { TASK_CATEGORY_LABELS, type Task } from '@common/schemas/tasks';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { formatDay } from '../lib/task-format';
import { PriorityBadge } from './priority-badge';
import { TaskActionsMenu } from './task-actions-menu';

type TaskActions = { onEdit: (task: Task) => void; onDelete: (task: Task) => void };

/**
 * A card on the board. The card's face is the drag handle (pointer and keyboard); the menu sits
 * beside it, not inside it, so a button never nests in a button and Space on the menu never
 * picks the card up.
 */
export function SortableTaskCard({ task, onEdit, onDelete }: { task: Task } & TaskActions) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
    attributes: { roleDescription: 'draggable task' },
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('relative', isDragging && 'opacity-40')}
      data-testid="task-card"
    >
      <TaskCardFace
        task={task}
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        // pan-y: on a touch screen a vertical swipe still scrolls the page; a sideways one drags the card.
        className="cursor-grab touch-pan-y outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      />
      <div className="absolute top-1.5 right-1.5">
        <TaskActionsMenu task={task} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}

/**
 * The card following the pointer while dragging (dnd-kit's DragOverlay): the same face, no
 * controls. No tilt: dnd-kit measures this card to find what lies left or right of it, and a
 * rotated box is wider than the card, which made the arrow keys pick a card in the same column.
 */
export function TaskCardOverlay({ task }: { task: Task }) {
  return <TaskCardFace task={task} className="cursor-grabbing shadow-lg ring-2 ring-primary/30" />;
}

function TaskCardFace({ task, className, ...props }: { task: Task } & ComponentProps<'div'>) {
  const due = formatDay(task.dueDate);
  return (
    <div className={cn('grid gap-2 rounded-lg border bg-background p-3 pr-10 text-left text-sm shadow-xs', className)} {...props}>
      <p className="font-medium break-words">{task.title}</p>
      {task.description && <p className="line-clamp-2 text-xs break-words text-muted-foreground">{task.description}</p>}
      <div className="flex flex-wrap gap-1.5">
        <PriorityBadge priority={task.priority} />
        <Badge variant="outline">{TASK_CATEGORY_LABELS[task.category]}</Badge>
        {task.type === 'story' && <Badge className="border-transparent bg-violet-100 text-violet-800">User Story</Badge>}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="flex min-w-0 items-center gap-1">
          <UserRound className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{task.assigneeName ?? 'Unassigned'}</span>
        </span>
        <span className="flex items-center gap-1">
          <CalendarDays className="size-3.5 shrink-0" aria-hidden="true" />
          {due ? <time dateTime={task.dueDate ?? undefined}>{due}</time> : 'No due date'}
        </span>
      </div>
    </div>
  );
}
