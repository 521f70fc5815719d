import { useMemo, useState } from 'react';
import {
  TASK_CATEGORY_LABELS,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  TASK_TYPE_LABELS,
  type Task,
  type TaskPriority,
  type TaskStatus,
  type UpdateTask,
} from '@common/schemas/tasks';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useUpdateTask } from '../api/update-task';
import { formatDay } from '../lib/task-format';
import { ALL, PRIORITY_FILTER, STATUS_FILTER, filterTasks } from '../lib/task-filters';
import { TRY_AGAIN, UPDATE_FAILED_TITLE } from '../lib/task-messages';
import { FilterSelect } from './filter-select';
import { TaskActionsMenu } from './task-actions-menu';

type TaskListViewProps = {
  tasks: Task[];
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
};

/** docs/product.md §2's list: status and priority filters, 'X of Y tasks', and a row per task with inline status and priority. */
export function TaskListView({ tasks, onEdit, onDelete }: TaskListViewProps) {
  const [status, setStatus] = useState<TaskStatus | typeof ALL>(ALL);
  const [priority, setPriority] = useState<TaskPriority | typeof ALL>(ALL);
  const shown = useMemo(() => filterTasks(tasks, { status, priority }), [tasks, status, priority]);

  return (
    // Block layout, not grid: a grid track would grow to the scrolling content and widen the page.
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-1 flex-wrap gap-3">
          <FilterSelect label="Status" value={status} options={STATUS_FILTER} onChange={setStatus} />
          <FilterSelect label="Priority" value={priority} options={PRIORITY_FILTER} onChange={setPriority} />
        </div>
        <p className="text-sm text-muted-foreground" role="status" data-testid="task-count">
          {shown.length} of {tasks.length} tasks
        </p>
      </div>
      <div className="rounded-xl border bg-background">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Task</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Priority</TableHead>
              <TableHead>Assigned</TableHead>
              <TableHead>Due Date</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="w-12">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={7} className="py-10 text-center text-muted-foreground">
                  No tasks found.
                </TableCell>
              </TableRow>
            ) : (
              shown.map((task) => <TaskRow key={task.id} task={task} onEdit={onEdit} onDelete={onDelete} />)
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

type TaskRowProps = {
  task: Task;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
};

function TaskRow({ task, onEdit, onDelete }: TaskRowProps) {
  const due = formatDay(task.dueDate);
  return (
    <TableRow data-testid="task-row">
      <TableCell className="max-w-0 min-w-48">
        <p className="truncate font-medium" title={task.title}>
          {task.title}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {TASK_TYPE_LABELS[task.type]} · {TASK_CATEGORY_LABELS[task.category]}
        </p>
      </TableCell>
      <TableCell>
        <InlineSelect
          task={task}
          label={`Status of ${task.title}`}
          value={task.status}
          options={TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }))}
          patch={(next) => ({ status: next })}
        />
      </TableCell>
      <TableCell>
        <InlineSelect
          task={task}
          label={`Priority of ${task.title}`}
          value={task.priority}
          options={TASK_PRIORITIES.map((value) => ({ value, label: TASK_PRIORITY_LABELS[value] }))}
          patch={(next) => ({ priority: next })}
        />
      </TableCell>
      <TableCell className="whitespace-nowrap">{task.assigneeName ?? <span className="text-muted-foreground">Unassigned</span>}</TableCell>
      <TableCell className="whitespace-nowrap">
        {due ? <time dateTime={task.dueDate ?? undefined}>{due}</time> : <span className="text-muted-foreground">No due date</span>}
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        <time dateTime={task.createdAt}>{formatDay(task.createdAt)}</time>
      </TableCell>
      <TableCell className="text-right">
        <TaskActionsMenu task={task} onEdit={onEdit} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}

type InlineSelectProps<T extends string> = {
  task: Task;
  label: string;
  value: T;
  options: { value: T; label: string }[];
  /** docs/product.md §7's partial PATCH: {status} or {priority}. */
  patch: (value: T) => UpdateTask;
};

/** One select, one mutation: each change gets its own answer, and its own toast if refused. */
function InlineSelect<T extends string>({ task, label, value, options, patch }: InlineSelectProps<T>) {
  const updateTask = useUpdateTask();
  const change = (next: T) =>
    updateTask.mutate(
      { id: task.id, patch: patch(next) },
      { onError: (error) => toast({ variant: 'destructive', title: UPDATE_FAILED_TITLE, description: errorMessage(error, TRY_AGAIN) }) },
    );
  return (
    <Select value={value} onValueChange={(next) => next !== value && change(next as T)}>
      <SelectTrigger aria-label={label} className="h-8 w-36">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
