import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DocumentSchema } from '@common/schemas/documents';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** POST /api/templates/{id}/use: the user gets a document of their own, built from the template. */
export async function createFromTemplate(id: number) {
  return DocumentSchema.parse(await apiRequest(`/api/templates/${id}/use`, { method: 'POST' }));
}

export function useCreateFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFromTemplate,
    // The new document shows in the library's lists.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
      ]),
  });
}
