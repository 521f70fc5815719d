import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** DELETE /api/business-model/{id}. */
export async function deleteCanvasItem(id: number) {
  await apiRequest(`/api/business-model/${id}`, { method: 'DELETE' });
}

export function useDeleteCanvasItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCanvasItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.businessModel.items }),
  });
}
