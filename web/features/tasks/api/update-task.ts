import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Task, TaskSchema, type UpdateTask } from '@common/schemas/tasks';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

type UpdateTaskVariables = { id: number; patch: UpdateTask };

/** PATCH /api/tasks/{id}: {status}, {priority}, or the whole edit form. */
export async function updateTask({ id, patch }: UpdateTaskVariables) {
  return TaskSchema.parse(await apiRequest(`/api/tasks/${id}`, { method: 'PATCH', body: patch }));
}

/**
 * The change shows at once (the list's inline selects would otherwise snap back until the
 * answer came); a refusal puts the row back, and the caller tells the user why.
 */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onMutate: async ({ id, patch }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.tasks.list });
      const previous = queryClient.getQueryData<Task[]>(queryKeys.tasks.list);
      queryClient.setQueryData<Task[]>(queryKeys.tasks.list, (tasks) => tasks?.map((task) => (task.id === id ? { ...task, ...patch } : task)));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.tasks.list, context.previous);
    },
    // A status change also moves the card to the end of its new column: the server has the order.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
  });
}
