import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { documentsQueryKey } from './get-documents';

/** DELETE /api/documents/{id}: the rows and every stored version go. */
export async function deleteDocument(id: number) {
  await apiRequest(`/api/documents/${id}`, { method: 'DELETE' });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}
