import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CanvasItemSchema, type CreateCanvasItem } from '@common/schemas/business-model';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** POST /api/business-model: the new item goes to the end of its element. */
export async function createCanvasItem(input: CreateCanvasItem) {
  return CanvasItemSchema.parse(await apiRequest('/api/business-model', { method: 'POST', body: input }));
}

export function useCreateCanvasItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCanvasItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.businessModel.items }),
  });
}
