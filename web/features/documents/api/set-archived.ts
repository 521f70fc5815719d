import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DocumentSchema, type UpdateDocumentInput } from '@common/schemas/documents';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** PATCH /api/documents/{id} {archived}: moves a document to the Archive or back. */
export async function setArchived({ id, archived }: { id: number } & UpdateDocumentInput) {
  const body: UpdateDocumentInput = { archived };
  return DocumentSchema.parse(await apiRequest(`/api/documents/${id}`, { method: 'PATCH', body }));
}

export function useSetArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setArchived,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  });
}
