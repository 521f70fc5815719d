import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DocumentSchema } from '@common/schemas/documents';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

type RestoreInput = {
  documentId: number;
  version: number;
  /** The version the person saw as current: if another has been stored since, the server refuses (409) rather than undo it. */
  current: number;
};

/** POST /api/documents/{id}/versions/{n}/restore?current=c: a new current version with version n's content; the history stays. */
export async function restoreVersion({ documentId, version, current }: RestoreInput) {
  return DocumentSchema.parse(await apiRequest(`/api/documents/${documentId}/versions/${version}/restore?current=${current}`, { method: 'POST' }));
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
    // Refused because another version was stored meanwhile: an open history shows it.
    onError: (_error, { documentId }) => void queryClient.invalidateQueries({ queryKey: queryKeys.versions.list(documentId) }),
  });
}
