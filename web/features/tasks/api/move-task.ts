import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type MoveTask, type Task, TaskListSchema } from '@common/schemas/tasks';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api-client';
import { mutationKeys, queryKeys } from '@web/lib/query-keys';
import { applyMove } from '../lib/task-order';
import { MOVE_FAILED_FALLBACK, MOVE_FAILED_TITLE } from '../lib/task-messages';

export type MoveTaskVariables = { id: number } & MoveTask;

/** POST /api/tasks/{id}/move: one request per drop; the answer is the whole board, renumbered. */
export async function moveTask({ id, status, index }: MoveTaskVariables) {
  const body: MoveTask = { status, index };
  return TaskListSchema.parse(await apiRequest(`/api/tasks/${id}/move`, { method: 'POST', body }));
}

/**
 * A drop shows at once: the board in the cache is changed in the same tick as the drop (not in
 * onMutate, which runs a tick later and would let the card flash back to where it came from).
 * A refusal puts the board back as it was before this drop and says why in a destructive toast.
 */
export function useMoveTask() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: mutationKeys.moveTask,
    mutationFn: (variables: MoveTaskVariables & { previous: Task[] | undefined }) => moveTask(variables),
    onSuccess: (board) => {
      // With another drop still on its way, that drop's answer will carry the final board.
      if (queryClient.isMutating({ mutationKey: mutationKeys.moveTask }) <= 1) queryClient.setQueryData(queryKeys.tasks.list, board);
    },
    onError: (error, { previous }) => {
      if (previous) queryClient.setQueryData(queryKeys.tasks.list, previous);
      toast({ variant: 'destructive', title: MOVE_FAILED_TITLE, description: errorMessage(error, MOVE_FAILED_FALLBACK) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.list });
    },
  });
  const { mutate } = mutation;

  return useCallback(
    (variables: MoveTaskVariables) => {
      void queryClient.cancelQueries({ queryKey: queryKeys.tasks.list });
      const previous = queryClient.getQueryData<Task[]>(queryKeys.tasks.list);
      if (previous) queryClient.setQueryData(queryKeys.tasks.list, applyMove(previous, variables.id, variables.status, variables.index));
      mutate({ ...variables, previous });
    },
    [mutate, queryClient],
  );
}
