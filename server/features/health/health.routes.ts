import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HealthSchema } from '@common/schemas/health';
import type { Deps } from '../../deps';
import { readinessCheck } from './readiness';

/** The process is up and serving: nothing else is asked. */
const LivenessSchema = z.object({ status: z.literal('ok') });

export function healthRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const databaseReady = readinessCheck(deps);
  const about = { db: deps.database.kind, ai: deps.config.ai.provider, editor: deps.config.documentServer ? 'onlyoffice' : 'embedded' } as const;

  // Readiness: 503 while the database does not answer (checked at most once a second, readiness.ts).
  r.get('/api/health', { schema: { response: { 200: HealthSchema, 503: HealthSchema } } }, async (_request, reply) => {
    const ok = await databaseReady();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', ...about });
  });

  // Liveness: answers while the process can serve at all, whatever the database is doing.
  r.get('/api/health/live', { schema: { response: { 200: LivenessSchema } } }, async () => ({ status: 'ok' as const }));
}
