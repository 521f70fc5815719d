import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateTask, TaskSchema } from '@common/schemas/tasks';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** POST /api/tasks: the server puts the new card at the end of its column. */
export async function createTask(input: CreateTask) {
  return TaskSchema.parse(await apiRequest('/api/tasks', { method: 'POST', body: input }));
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
  });
}
