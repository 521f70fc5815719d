import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** DELETE /api/documents/{id}: the rows and every stored version go. */
export async function deleteDocument(id: number) {
  await apiRequest(`/api/documents/${id}`, { method: 'DELETE' });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  });
}
