import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { TASK_STATUS_LABELS, type Task, type TaskStatus } from '@common/schemas/tasks';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { columnDroppableId } from '../lib/kanban-ids';
import { SortableTaskCard } from './task-card';

type KanbanColumnProps = {
  status: TaskStatus;
  tasks: Task[];
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
};

/** One status column: its name, how many cards it shows, and the cards. The whole column takes drops. */
export function KanbanColumn({ status, tasks, onEdit, onDelete }: KanbanColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: columnDroppableId(status) });
  const headingId = `kanban-column-${status}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`column-${status}`}
      className={cn('flex min-w-0 flex-col rounded-xl border bg-muted/50 p-3 transition-colors', isOver && 'border-primary/40 bg-accent')}
    >
      <div className="mb-3 flex items-center justify-between gap-2 px-1">
        <h2 id={headingId} className="text-sm font-semibold">
          {TASK_STATUS_LABELS[status]}
        </h2>
        <Badge variant="secondary" className="bg-background" data-testid="column-count">
          {tasks.length}
          <span className="sr-only"> {tasks.length === 1 ? 'task' : 'tasks'}</span>
        </Badge>
      </div>
      <SortableContext id={status} items={tasks.map((task) => task.id)} strategy={verticalListSortingStrategy}>
        <ul className="flex min-h-24 flex-1 flex-col gap-2">
          {tasks.map((task) => (
            <SortableTaskCard key={task.id} task={task} onEdit={onEdit} onDelete={onDelete} />
          ))}
          {tasks.length === 0 && (
            <li className="grid flex-1 place-items-center rounded-lg border border-dashed px-2 py-6 text-center text-xs text-muted-foreground">
              Drop tasks here
            </li>
          )}
        </ul>
      </SortableContext>
    </section>
  );
}
