import { z } from 'zod';
import { decimalInteger } from './ids';

/** docs/product.md §3 and §9. The board's columns, in order. */
export const TASK_STATUSES = ['backlog', 'in-progress', 'review', 'done'] as const;
export const TASK_TYPES = ['todo', 'story'] as const;
export const TASK_CATEGORIES = ['marketing', 'operations', 'product', 'accounting', 'legal'] as const;
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  backlog: 'Backlog',
  'in-progress': 'In Progress',
  review: 'Review',
  done: 'Done',
};
export const TASK_TYPE_LABELS: Record<TaskType, string> = { todo: 'Task', story: 'User Story' };
export const TASK_CATEGORY_LABELS: Record<TaskCategory, string> = {
  marketing: 'Marketing',
  operations: 'Operations',
  product: 'Product',
  accounting: 'Accounting',
  legal: 'Legal',
};
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' };

/** Long enough for any real task; short enough that a card and a row stay a card and a row. */
export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;
/** A column holds at most this many cards' worth of positions; a move beyond it is refused. */
export const TASK_POSITION_MAX = 10_000;

const oneOf = (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`;

export const TaskStatusSchema = z.enum(TASK_STATUSES, oneOf('Status', TASK_STATUSES));
export const TaskTypeSchema = z.enum(TASK_TYPES, oneOf('Type', TASK_TYPES));
export const TaskCategorySchema = z.enum(TASK_CATEGORIES, oneOf('Category', TASK_CATEGORIES));
export const TaskPrioritySchema = z.enum(TASK_PRIORITIES, oneOf('Priority', TASK_PRIORITIES));
export type TaskStatus = z.infer<typeof TaskStatusSchema>;
export type TaskType = z.infer<typeof TaskTypeSchema>;
export type TaskCategory = z.infer<typeof TaskCategorySchema>;
export type TaskPriority = z.infer<typeof TaskPrioritySchema>;

const title = z
  .string('Title is required')
  .trim()
  .min(1, 'Title is required')
  .max(TASK_TITLE_MAX, `Title must be at most ${TASK_TITLE_MAX} characters`);
/** '' and null both mean "no description". */
const description = z
  .string('Description must be text')
  .trim()
  .max(TASK_DESCRIPTION_MAX, `Description must be at most ${TASK_DESCRIPTION_MAX} characters`)
  .nullable()
  .transform((v) => (v ? v : null));
/** docs/product.md §5: an ISO string, or absent/null for no due date. */
const dueDate = z.iso
  .datetime({ offset: true, message: 'Due date must be an ISO date and time, e.g. 2026-12-31T00:00:00.000Z' })
  .nullable();
const assignedTo = z
  .number('Assignee must be a staff member id')
  .int('Assignee must be a staff member id')
  .positive('Assignee must be a staff member id')
  .max(2_147_483_647, 'Assignee must be a staff member id')
  .nullable();
const orderIndex = z
  .number('Position must be a whole number')
  .int('Position must be a whole number')
  .min(0, 'Position must be a whole number')
  .max(TASK_POSITION_MAX, `Position must be at most ${TASK_POSITION_MAX}`);

/** docs/product.md §4: a user story always belongs to the product category. */
function storyIsProduct<T extends { type?: TaskType; category?: TaskCategory }>(task: T): T {
  return task.type === 'story' ? { ...task, category: 'product' } : task;
}

/** docs/product.md §5 and §7/9: the Create Task form and POST /api/tasks, with docs/product.md §9's defaults. */
export const CreateTaskSchema = z
  .strictObject({
    title,
    description: description.optional().default(null),
    type: TaskTypeSchema.default('todo'),
    category: TaskCategorySchema.default('product'),
    status: TaskStatusSchema.default('backlog'),
    priority: TaskPrioritySchema.default('medium'),
    dueDate: dueDate.optional().default(null),
    assignedTo: assignedTo.optional().default(null),
    orderIndex: orderIndex.default(0),
  })
  .transform(storyIsProduct);
export type CreateTaskInput = z.input<typeof CreateTaskSchema>;
export type CreateTask = z.output<typeof CreateTaskSchema>;

/**
 * docs/product.md §7's PATCH: {status}, {priority}, or the whole edit form. The story rule is applied here
 * when the type is in the patch, and by the service against the stored row otherwise.
 */
export const UpdateTaskSchema = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    type: TaskTypeSchema.optional(),
    category: TaskCategorySchema.optional(),
    status: TaskStatusSchema.optional(),
    priority: TaskPrioritySchema.optional(),
    dueDate: dueDate.optional(),
    assignedTo: assignedTo.optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), 'Send at least one field to change')
  .transform(storyIsProduct);
export type UpdateTaskInput = z.input<typeof UpdateTaskSchema>;
export type UpdateTask = z.output<typeof UpdateTaskSchema>;

/**
 * A drag on the board, in one request: the column the card lands in and its 0-based place there
 * (counted without the card itself). The server renumbers the column in one transaction.
 */
export const MoveTaskSchema = z.strictObject({
  status: TaskStatusSchema,
  index: orderIndex,
});
export type MoveTask = z.infer<typeof MoveTaskSchema>;

export const TaskIdParamsSchema = z.strictObject({ id: decimalInteger('Task id must be a positive integer') });

export const TaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  type: TaskTypeSchema,
  category: TaskCategorySchema,
  status: TaskStatusSchema,
  priority: TaskPrioritySchema,
  createdBy: z.number().int(),
  assignedTo: z.number().int().nullable(),
  /** The assignee's name, for the card and the list ('Unassigned' when null). */
  assigneeName: z.string().nullable(),
  dueDate: z.string().nullable(),
  orderIndex: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof TaskSchema>;
export const TaskListSchema = z.array(TaskSchema);

/** Who a task can be assigned to: the staff. */
export const StaffMemberSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffMemberListSchema = z.array(StaffMemberSchema);
