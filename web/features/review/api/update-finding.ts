import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Finding, type Review, ReviewSchema } from '@common/schemas/review';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

type Settled = Exclude<Finding['status'], 'open'>;
type UpdateInput = { reviewId: number; findingIds: string[]; status: Settled };

/** PATCH /api/documents/{id}/review/{reviewId}/findings/{findingId}: marks a finding applied or dismissed; returns the review. */
export async function updateFinding(documentId: number, reviewId: number, findingId: string, status: Settled) {
  return ReviewSchema.parse(
    await apiRequest(`/api/documents/${documentId}/review/${reviewId}/findings/${findingId}`, { method: 'PATCH', body: { status } }),
  );
}

/** The findings' statuses set, where the review is `reviewId`. */
function withStatus(review: Review | null | undefined, { reviewId, findingIds, status }: UpdateInput) {
  if (!review || review.id !== reviewId) return review;
  return { ...review, findings: review.findings.map((f) => (findingIds.includes(f.id) ? { ...f, status } : f)) };
}

/**
 * The server's review, keeping what this page has settled meanwhile: a finding is never reopened,
 * so a status this page set and the server has not answered for yet stays.
 */
function merged(server: Review, local: Review | null | undefined): Review {
  if (!local || local.id !== server.id) return server;
  const settled = new Map(local.findings.filter((f) => f.status !== 'open').map((f) => [f.id, f.status]));
  return { ...server, findings: server.findings.map((f) => (f.status === 'open' && settled.has(f.id) ? { ...f, status: settled.get(f.id)! } : f)) };
}

/**
 * Marks findings applied or dismissed: shown at once (the document already changed), then sent
 * one at a time, in order, with every other update of this review, so answers cannot cross.
 */
export function useUpdateFindings(documentId: number) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.review.latest(documentId);
  return useMutation({
    scope: { id: `review-findings-${documentId}` },
    onMutate: (input: UpdateInput) => {
      queryClient.setQueryData<Review | null>(queryKey, (review) => withStatus(review, input));
    },
    mutationFn: async ({ reviewId, findingIds, status }: UpdateInput) => {
      let review: Review | null = null;
      for (const id of findingIds) review = await updateFinding(documentId, reviewId, id, status);
      return review;
    },
    onSuccess: (review) => {
      if (review) queryClient.setQueryData<Review | null>(queryKey, (local) => merged(review, local));
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(error, 'The finding could not be updated. Try again.') });
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
