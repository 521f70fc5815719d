import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DocumentListSchema, type DocumentView } from '@common/schemas/documents';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export type DocumentListParams = { view: DocumentView; q?: string };

/** Newest first; 'recent' by when last opened; `q` matches the name or the document's text. */
export async function getDocuments({ view, q }: DocumentListParams) {
  const params = new URLSearchParams({ view });
  const query = q?.trim();
  if (query) params.set('q', query);
  return DocumentListSchema.parse(await apiRequest(`/api/documents?${params.toString()}`));
}

export const documentsQueryOptions = (params: DocumentListParams) =>
  queryOptions({
    queryKey: queryKeys.documents.list(params.view, params.q?.trim() ?? ''),
    queryFn: () => getDocuments(params),
    // While a search is typed, the last answer stays on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useDocuments(params: DocumentListParams) {
  return useQuery(documentsQueryOptions(params));
}
