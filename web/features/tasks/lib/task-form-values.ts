import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import {
  type CreateTask,
  CreateTaskSchema,
  type Task,
  type TaskCategory,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
  type UpdateTask,
  UpdateTaskSchema,
} from '@common/schemas/tasks';

/**
 * What the create and edit forms hold. Both schemas (CreateTaskSchema, UpdateTaskSchema) read
 * this shape: '' for no description, null for no due date or no assignee.
 */
export type TaskFormValues = {
  title: string;
  description: string;
  type: TaskType;
  category: TaskCategory;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string | null;
  assignedTo: number | null;
};

/** docs/product.md §9's defaults for a new task. */
export const NEW_TASK_VALUES: TaskFormValues = {
  title: '',
  description: '',
  type: 'todo',
  category: 'product',
  status: 'backlog',
  priority: 'medium',
  dueDate: null,
  assignedTo: null,
};

export function taskFormValues(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description ?? '',
    type: task.type,
    category: task.category,
    status: task.status,
    priority: task.priority,
    dueDate: task.dueDate,
    assignedTo: task.assignedTo,
  };
}

/*
 * zodResolver types its resolver by the schema's own input, where every defaulted field is
 * optional; the forms always hold every field, which both schemas accept. So the resolvers are
 * narrowed to the forms' shape here, once.
 */
export const createTaskResolver = zodResolver(CreateTaskSchema) as Resolver<TaskFormValues, unknown, CreateTask>;
export const updateTaskResolver = zodResolver(UpdateTaskSchema) as Resolver<TaskFormValues, unknown, UpdateTask>;
