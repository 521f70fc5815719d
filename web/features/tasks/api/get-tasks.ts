import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaskListSchema } from '@common/schemas/tasks';
import { apiRequest } from '@web/lib/api-client';

/** Every tasks query starts with this, so one invalidation refreshes the board, the list and the assignees. */
export const tasksQueryKey = ['tasks'] as const;
export const taskListQueryKey = [...tasksQueryKey, 'list'] as const;

/** GET /api/tasks: the whole board, by column, then position. */
export async function getTasks() {
  return TaskListSchema.parse(await apiRequest('/api/tasks'));
}

export const tasksQueryOptions = () => queryOptions({ queryKey: taskListQueryKey, queryFn: getTasks });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
