import { queryOptions, useQuery } from '@tanstack/react-query';
import { VersionListSchema } from '@common/schemas/versions';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/documents/{id}/versions: every stored version, newest first. */
export async function getVersions(documentId: number) {
  return VersionListSchema.parse(await apiRequest(`/api/documents/${documentId}/versions`));
}

export const versionsQueryOptions = (documentId: number) =>
  queryOptions({
    queryKey: queryKeys.versions.list(documentId),
    queryFn: () => getVersions(documentId),
    // Other tabs and devices add versions this page never hears of: ask again whenever it is shown.
    staleTime: 0,
  });

export function useVersions(documentId: number, enabled = true) {
  return useQuery({ ...versionsQueryOptions(documentId), enabled });
}
