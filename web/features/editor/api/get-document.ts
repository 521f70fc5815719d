import { queryOptions, useQuery } from '@tanstack/react-query';
import { DocumentSchema } from '@common/schemas/documents';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/documents/{id}: 404 when it does not exist or is someone else's. */
export async function getDocument(id: number) {
  return DocumentSchema.parse(await apiRequest(`/api/documents/${id}`));
}

export const documentQueryOptions = (id: number) => queryOptions({ queryKey: queryKeys.documents.detail(id), queryFn: () => getDocument(id) });

export function useDocument(id: number) {
  return useQuery(documentQueryOptions(id));
}
