import { useQuery } from '@tanstack/react-query';
import { ComparisonSchema } from '@common/schemas/versions';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/documents/{id}/compare?from=a&to=b: what changed from version a to version b, paragraph by paragraph. */
export async function getComparison(documentId: number, from: number, to: number) {
  return ComparisonSchema.parse(await apiRequest(`/api/documents/${documentId}/compare?from=${from}&to=${to}`));
}

export function useComparison(documentId: number, from: number | null, to: number | null) {
  return useQuery({
    queryKey: queryKeys.versions.comparison(documentId, from ?? 0, to ?? 0),
    queryFn: () => getComparison(documentId, from!, to!),
    enabled: from !== null && to !== null && from !== to,
  });
}
