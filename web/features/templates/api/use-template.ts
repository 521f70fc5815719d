import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DocumentSchema } from '@common/schemas/documents';
import { apiRequest } from '@web/lib/api-client';
import { templatesQueryKey } from './get-templates';

/** POST /api/templates/{id}/use: the user gets a document of their own, built from the template. */
export async function createFromTemplate(id: number) {
  return DocumentSchema.parse(await apiRequest(`/api/templates/${id}/use`, { method: 'POST' }));
}

type Options = {
  /** The new document lives in another feature's lists; the screen composing both refreshes them. */
  onDocumentCreated?: () => unknown;
};

export function useCreateFromTemplate({ onDocumentCreated }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFromTemplate,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: templatesQueryKey }), onDocumentCreated?.()]),
  });
}
