import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CanvasItem, CanvasItemListSchema } from '@common/schemas/business-model';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest } from '@web/lib/api-client';
import { mutationKeys, queryKeys } from '@web/lib/query-keys';
import { moveWithinElement } from '../lib/canvas-order';
import { MOVE_FAILED, failedToast } from '../lib/messages';

type MoveInput = { id: number; index: number };

/** POST /api/business-model/{id}/move {index}: answers the whole list in its new order. */
export async function moveCanvasItem({ id, index }: MoveInput) {
  return CanvasItemListSchema.parse(await apiRequest(`/api/business-model/${id}/move`, { method: 'POST', body: { index } }));
}

/**
 * The item moves on screen at once. Moves share one scope, so they reach the server one at a
 * time and in the order pressed: each index was computed on the list the previous move left.
 * A failure puts the list back as it was before that move and says so.
 */
export function useMoveCanvasItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.moveCanvasItem,
    scope: { id: 'business-model-move' },
    mutationFn: moveCanvasItem,
    onMutate: async ({ id, index }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.businessModel.items });
      const previous = queryClient.getQueryData<CanvasItem[]>(queryKeys.businessModel.items);
      if (previous) queryClient.setQueryData(queryKeys.businessModel.items, moveWithinElement(previous, id, index));
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.businessModel.items, context.previous);
      toast(failedToast(MOVE_FAILED, error));
    },
    // Refetch once the last queued move is done; an earlier answer would undo the later moves on screen.
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: mutationKeys.moveCanvasItem }) === 1) {
        return queryClient.invalidateQueries({ queryKey: queryKeys.businessModel.items });
      }
    },
  });
}
