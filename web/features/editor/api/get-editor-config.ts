import { queryOptions, useQuery } from '@tanstack/react-query';
import { EditorConfigSchema } from '@common/schemas/onlyoffice';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * GET /api/documents/{id}/config: the signed ONLYOFFICE config (decision 013); 404 for someone
 * else's document or when no Document Server is configured.
 */
export async function getEditorConfig(id: number) {
  return EditorConfigSchema.parse(await apiRequest(`/api/documents/${id}/config`));
}

export const editorConfigQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.editor.config(id),
    queryFn: () => getEditorConfig(id),
    // Its document URL is signed for a few minutes: every opening of the editor gets a fresh one.
    gcTime: 0,
  });

export function useEditorConfig(id: number) {
  return useQuery(editorConfigQueryOptions(id));
}
