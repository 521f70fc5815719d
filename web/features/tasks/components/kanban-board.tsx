import { DndContext, DragOverlay } from '@dnd-kit/core';
import { useMemo, useState } from 'react';
import { TASK_STATUSES, type Task, type TaskCategory, type TaskType } from '@common/schemas/tasks';
import { useMoveTask } from '../api/move-task';
import { useKanbanDrag } from '../hooks/use-kanban-drag';
import { ALL, CATEGORY_FILTER, TYPE_FILTER, filterTasks } from '../lib/task-filters';
import { FilterSelect } from './filter-select';
import { KanbanColumn } from './kanban-column';
import { TaskCardOverlay } from './task-card';

type KanbanBoardProps = {
  tasks: Task[];
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
};

/**
 * docs/product.md §2's kanban: the filters, then the four columns. On a narrow screen the columns keep a
 * readable width and the board scrolls sideways inside its own frame, never the page.
 */
export function KanbanBoard({ tasks, onEdit, onDelete }: KanbanBoardProps) {
  const [category, setCategory] = useState<TaskCategory | typeof ALL>(ALL);
  const [type, setType] = useState<TaskType | typeof ALL>(ALL);
  const visible = useMemo(() => filterTasks(tasks, { category, type }), [tasks, category, type]);
  const moveTask = useMoveTask();
  const { columns, activeTask, dndProps } = useKanbanDrag({ tasks, visible, onMove: moveTask });
  const byId = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);

  return (
    // Block layout, not grid: a grid track would grow to the scrolling content and widen the page.
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <FilterSelect label="Category" value={category} options={CATEGORY_FILTER} onChange={setCategory} />
        <FilterSelect label="Type" value={type} options={TYPE_FILTER} onChange={setType} />
      </div>
      <DndContext {...dndProps}>
        {/*
          Focusable, so the sideways scroll works from the keyboard even with no card to focus.
          Relative, so absolutely placed text inside (the badges' screen-reader words) scrolls
          with the board instead of widening the page.
        */}
        <div
          role="region"
          aria-label="Kanban board"
          tabIndex={0}
          className="relative -mx-1 overflow-x-auto rounded-xl px-1 pb-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <div className="grid min-w-[60rem] grid-cols-4 gap-4 xl:min-w-0">
            {TASK_STATUSES.map((status) => (
              <KanbanColumn
                key={status}
                status={status}
                tasks={columns[status].flatMap((id) => byId.get(id) ?? [])}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            ))}
          </div>
        </div>
        <DragOverlay>{activeTask ? <TaskCardOverlay task={activeTask} /> : null}</DragOverlay>
      </DndContext>
    </div>
  );
}
