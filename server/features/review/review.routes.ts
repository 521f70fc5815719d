import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DocumentIdParamsSchema } from '@common/schemas/documents';
import { decimalInteger } from '@common/schemas/ids';
import { FindingUpdateSchema, ReviewSchema } from '@common/schemas/review';
import type { Deps } from '../../deps';
import { requireUser } from '../auth/auth-guard';
import { clientGone, openEventStream, wantsEventStream } from '../chat/sse';
import { admitReview } from '../rate-limit/admission';
import * as reviews from './review.service';

const FindingParamsSchema = z.strictObject({
  id: decimalInteger('Document id must be a positive integer'),
  reviewId: decimalInteger('Review id must be a positive integer'),
  findingId: z.string().regex(/^f[0-9]{1,5}$/, 'Finding id must look like f12'),
});

export function reviewRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/documents/:id/review', { schema: { params: DocumentIdParamsSchema, response: { 200: ReviewSchema } } }, async (request) =>
    reviews.latestReview(deps, requireUser(request), request.params.id),
  );

  // No body: the review reads the current version and the person's style rules.
  r.post('/api/documents/:id/review', { schema: { params: DocumentIdParamsSchema } }, async (request, reply) => {
    await admitReview(deps, request);
    const actor = requireUser(request);
    const hold = await reviews.prepareReview(deps, actor, request.params.id);
    if (!wantsEventStream(request)) return reviews.runReview(deps, actor, request.params.id, hold, { signal: clientGone(reply) });
    const stream = openEventStream(request, reply);
    try {
      const review = await reviews.runReview(deps, actor, request.params.id, hold, { signal: stream.signal, onProgress: (p) => stream.send('progress', p) });
      stream.send('review', review);
    } catch (err) {
      request.log.error({ err }, 'review failed');
      stream.send('error', { error: { code: 'internal', message: 'The review failed unexpectedly. Try again.' } });
    } finally {
      stream.end();
    }
    return reply;
  });

  r.patch(
    '/api/documents/:id/review/:reviewId/findings/:findingId',
    { schema: { params: FindingParamsSchema, body: FindingUpdateSchema, response: { 200: ReviewSchema } } },
    async (request) => {
      const { id, reviewId, findingId } = request.params;
      return reviews.setFindingStatus(deps, requireUser(request), id, reviewId, findingId, request.body.status);
    },
  );
}
