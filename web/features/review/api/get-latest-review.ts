import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReviewSchema } from '@common/schemas/review';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** A review still running elsewhere (another tab) is asked about again this often until it ends. */
const RUNNING_POLL_MS = 2000;

/** GET /api/documents/{id}/review: this user's latest review of the document; null when there is none (404). */
export async function getLatestReview(documentId: number) {
  try {
    return ReviewSchema.parse(await apiRequest(`/api/documents/${documentId}/review`));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const latestReviewQueryOptions = (documentId: number) =>
  queryOptions({
    queryKey: queryKeys.review.latest(documentId),
    queryFn: () => getLatestReview(documentId),
    // Saves make a review stale, and other tabs run reviews: ask again whenever the tab is shown.
    staleTime: 0,
    // A cancelled review is stored a moment after the request is aborted; until then it is 'running'.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUNNING_POLL_MS : false),
  });

/** `enabled` while the tab shows: each time it turns true the latest review is fetched again. */
export function useLatestReview(documentId: number, enabled: boolean) {
  return useQuery({ ...latestReviewQueryOptions(documentId), enabled });
}
