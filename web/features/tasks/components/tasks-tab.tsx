import { Kanban, List, Plus, RotateCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { Task } from '@common/schemas/tasks';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/utils';
import { useTasks } from '../api/get-tasks';
import { TRY_AGAIN } from '../lib/task-messages';
import { DeleteTaskDialog } from './delete-task-dialog';
import { KanbanBoard } from './kanban-board';
import { CreateTaskDialog, EditTaskDialog } from './task-dialog';
import { TaskListView } from './task-list-view';

type View = 'kanban' | 'list';

/**
 * docs/product.md §2's Tasks tab: the Kanban/List toggle and 'Create Task' over the board or the list. The
 * dialogs live here, so a card's menu and a row's menu open the same Edit Task dialog.
 */
export function TasksTab() {
  const [view, setView] = useState<View>('kanban');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Task | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const tasks = useTasks();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="View" className="inline-flex rounded-lg bg-muted p-1">
          <ViewButton pressed={view === 'kanban'} onClick={() => setView('kanban')} icon={<Kanban />} label="Kanban" />
          <ViewButton pressed={view === 'list'} onClick={() => setView('list')} icon={<List />} label="List" />
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Create Task
        </Button>
      </div>

      {tasks.isPending ? (
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          Loading tasks...
        </p>
      ) : tasks.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-dashed py-12 text-center text-sm">
          <p className="font-medium">The tasks could not be loaded.</p>
          <p className="text-muted-foreground">{errorMessage(tasks.error, TRY_AGAIN)}</p>
          <Button variant="outline" size="sm" onClick={() => void tasks.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : view === 'kanban' ? (
        <KanbanBoard tasks={tasks.data} onEdit={setEditing} onDelete={setDeleting} />
      ) : (
        <TaskListView tasks={tasks.data} onEdit={setEditing} onDelete={setDeleting} />
      )}

      <CreateTaskDialog open={creating} onOpenChange={setCreating} />
      <EditTaskDialog task={editing} onClose={() => setEditing(null)} />
      <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

type ViewButtonProps = { pressed: boolean; onClick: () => void; icon: ReactNode; label: string };

function ViewButton({ pressed, onClick, icon, label }: ViewButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4',
        pressed && 'bg-background text-foreground shadow-sm',
      )}
    >
      <span aria-hidden="true">{icon}</span>
      {label}
    </button>
  );
}
