import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DocumentSchema } from '@common/schemas/documents';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

type RestoreInput = { documentId: number; version: number };

/** POST /api/documents/{id}/versions/{n}/restore: a new current version with version n's content; the history stays. */
export async function restoreVersion({ documentId, version }: RestoreInput) {
  return DocumentSchema.parse(await apiRequest(`/api/documents/${documentId}/versions/${version}/restore`, { method: 'POST' }));
}

export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreVersion,
    onSuccess: (document, { documentId }) => {
      queryClient.setQueryData(queryKeys.documents.detail(documentId), document);
      // Not documents.all: that would refetch an open editor's content, which its own reload does.
      void queryClient.invalidateQueries({ queryKey: queryKeys.documents.lists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.versions.list(documentId) });
    },
  });
}
