import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { ApiErrorBodySchema, type ApiErrorBody } from '@common/errors';
import { type Review, type ReviewProgress, ReviewProgressSchema, ReviewSchema } from '@common/schemas/review';
import { apiResponse } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export type ReviewRunResult = { ok: true; review: Review } | { ok: false; error: ApiErrorBody['error'] };

/** The person cancelled the review: not a failure to report. */
const REVIEW_CANCELLED_MESSAGE = 'The review was cancelled.';

/** The stream closed without its final event: the connection dropped mid-review. */
export const REVIEW_INTERRUPTED_MESSAGE = 'The review was cut off: the connection to Redraft was lost. Try again.';

/**
 * POST /api/documents/{id}/review with `Accept: text/event-stream`: `progress` events while the
 * paragraphs are read, then `review` (the finished review) or `error`. Aborting `signal` cancels
 * the review; the server keeps what it had read as a 'cancelled' review. Refusals before the
 * stream opens (404, 429) are the api-client's ApiErrors.
 */
export async function runReview(
  documentId: number,
  { onProgress, signal }: { onProgress: (progress: ReviewProgress) => void; signal?: AbortSignal },
): Promise<ReviewRunResult> {
  const response = await apiResponse(`/api/documents/${documentId}/review`, { method: 'POST', headers: { Accept: 'text/event-stream' }, signal });
  if (!response.body) throw new Error(REVIEW_INTERRUPTED_MESSAGE);

  let result: ReviewRunResult | null = null;
  const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  // The browser's fetch ends the body on abort; this also stops reading a body that does not.
  const stop = () => void events.cancel().catch(() => {});
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await events.read();
      if (done) break;
      const { event, data } = value;
      if (event === 'progress') onProgress(ReviewProgressSchema.parse(JSON.parse(data)));
      else if (event === 'review') result = { ok: true, review: ReviewSchema.parse(JSON.parse(data)) };
      else if (event === 'error') result = { ok: false, error: ApiErrorBodySchema.parse(JSON.parse(data)).error };
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(REVIEW_INTERRUPTED_MESSAGE, { cause: error });
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  if (signal?.aborted) throw new Error(REVIEW_CANCELLED_MESSAGE);
  if (!result) throw new Error(REVIEW_INTERRUPTED_MESSAGE);
  return result;
}

/**
 * Runs a review and exposes its progress; `cancel` aborts it. A finished review becomes the
 * latest; after a cancel or a failure the latest is fetched again (the server kept what it read).
 */
export function useRunReview(documentId: number) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ReviewProgress | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const queryKey = queryKeys.review.latest(documentId);
  const mutation = useMutation({
    mutationFn: async () => {
      const abort = new AbortController();
      controller.current = abort;
      setProgress(null);
      setCancelled(false);
      // A fetch of the latest review begun before this one must not land on top of its result.
      await queryClient.cancelQueries({ queryKey });
      try {
        return await runReview(documentId, { onProgress: setProgress, signal: abort.signal });
      } finally {
        controller.current = null;
      }
    },
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(queryKey, result.review);
      else void queryClient.invalidateQueries({ queryKey });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey }),
  });
  // Leaving the editor cancels a review under way; the server keeps what it had read.
  useEffect(() => () => controller.current?.abort(), []);
  const cancel = () => {
    if (!controller.current) return;
    setCancelled(true);
    controller.current.abort();
  };
  return { ...mutation, progress, cancel, cancelled };
}
