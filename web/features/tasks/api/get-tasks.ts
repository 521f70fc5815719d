import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaskListSchema } from '@common/schemas/tasks';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/tasks: the whole board, by column, then position. */
export async function getTasks() {
  return TaskListSchema.parse(await apiRequest('/api/tasks'));
}

export const tasksQueryOptions = () => queryOptions({ queryKey: queryKeys.tasks.list, queryFn: getTasks });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
