import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CanvasItemSchema, type UpdateCanvasItem } from '@common/schemas/business-model';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** PATCH /api/business-model/{id} with the fields that change. */
export async function updateCanvasItem({ id, patch }: { id: number; patch: UpdateCanvasItem }) {
  return CanvasItemSchema.parse(await apiRequest(`/api/business-model/${id}`, { method: 'PATCH', body: patch }));
}

export function useUpdateCanvasItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCanvasItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.businessModel.items }),
  });
}
