import {
  TASK_CATEGORIES,
  TASK_CATEGORY_LABELS,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type Task,
  type TaskCategory,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
} from '@common/schemas/tasks';

export const ALL = 'all';
type Choice<T extends string> = T | typeof ALL;
type Option<T extends string> = { value: Choice<T>; label: string };

/** docs/product.md §2's kanban filters: category (all or one of five) and type (all, Tasks, User Stories). */
export const CATEGORY_FILTER: Option<TaskCategory>[] = [
  { value: ALL, label: 'All categories' },
  ...TASK_CATEGORIES.map((category) => ({ value: category, label: TASK_CATEGORY_LABELS[category] })),
];
export const TYPE_FILTER: Option<TaskType>[] = [
  { value: ALL, label: 'All types' },
  { value: 'todo', label: 'Tasks' },
  { value: 'story', label: 'User Stories' },
];
/** The list's filters: the four real statuses (docs/decisions/012-board-order-under-one-lock.md: never 'todo') and the four priorities. */
export const STATUS_FILTER: Option<TaskStatus>[] = [
  { value: ALL, label: 'All statuses' },
  ...TASK_STATUSES.map((status) => ({ value: status, label: TASK_STATUS_LABELS[status] })),
];
export const PRIORITY_FILTER: Option<TaskPriority>[] = [
  { value: ALL, label: 'All priorities' },
  ...TASK_PRIORITIES.map((priority) => ({ value: priority, label: TASK_PRIORITY_LABELS[priority] })),
];

export type TaskFilter = {
  category?: Choice<TaskCategory>;
  type?: Choice<TaskType>;
  status?: Choice<TaskStatus>;
  priority?: Choice<TaskPriority>;
};

const matches = <T extends string>(choice: Choice<T> | undefined, value: T) => choice === undefined || choice === ALL || choice === value;

export function filterTasks(tasks: readonly Task[], filter: TaskFilter): Task[] {
  return tasks.filter(
    (task) =>
      matches(filter.category, task.category) &&
      matches(filter.type, task.type) &&
      matches(filter.status, task.status) &&
      matches(filter.priority, task.priority),
  );
}
