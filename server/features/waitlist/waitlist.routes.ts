import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EMAIL_MAX, NAME_MAX } from '@common/limits';
import { COMPANY_MAX, JoinWaitlistSchema, USE_CASE_MAX, WaitlistJoinedSchema } from '@common/schemas/waitlist';
import type { Deps } from '../../deps';
import { jsonBodyBytes } from '../../http/body-policy';
import { joinWaitlist } from './waitlist.service';

/** The largest valid sign-up: above the app's 4 KB default because a use case may run to 2,000 characters. */
export const WAITLIST_BODY_BYTES = jsonBodyBytes(NAME_MAX + EMAIL_MAX + COMPANY_MAX + USE_CASE_MAX);

/** Public: visitors join before they have an account. */
export function waitlistRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/waitlist',
    { schema: { body: JoinWaitlistSchema, response: { 200: WaitlistJoinedSchema, 201: WaitlistJoinedSchema } }, bodyLimit: WAITLIST_BODY_BYTES },
    async (request, reply) => {
      const joined = await joinWaitlist(deps, request.body, request.ip);
      return reply.status(joined.alreadyJoined ? 200 : 201).send(joined);
    },
  );
}
