import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HealthSchema } from '@common/schemas/health';
import type { Deps } from '../../deps';
import { readinessCheck, storageCheck } from './readiness';

/** The process is up and serving: nothing else is asked. */
const LivenessSchema = z.object({ status: z.literal('ok') });

/** For a load balancer, not the web app: which of the two things every request may need answers. */
const Check = z.enum(['ok', 'error']);
const ReadinessSchema = z.object({ status: Check, db: Check, storage: Check });
const checkWord = (ok: boolean): z.infer<typeof Check> => (ok ? 'ok' : 'error');

export function healthRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const databaseReady = readinessCheck(deps);
  const storageReady = storageCheck(deps);
  const about = { db: deps.database.kind, ai: deps.config.ai.provider, editor: deps.config.documentServer ? 'onlyoffice' : 'embedded' } as const;

  // Readiness: 503 while the database does not answer (checked at most once a second, readiness.ts).
  r.get('/api/health', { schema: { response: { 200: HealthSchema, 503: HealthSchema } } }, async (_request, reply) => {
    const ok = await databaseReady();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', ...about });
  });

  // Readiness for a load balancer: an instance that can reach its database but not its files (a
  // bucket's credentials revoked, a disk unmounted) fails every upload and download, so it is taken
  // out of rotation too. Both checks are cached and shared as /api/health's is.
  r.get('/api/health/ready', { schema: { response: { 200: ReadinessSchema, 503: ReadinessSchema } } }, async (_request, reply) => {
    const [db, storage] = await Promise.all([databaseReady(), storageReady()]);
    return reply.status(db && storage ? 200 : 503).send({ status: checkWord(db && storage), db: checkWord(db), storage: checkWord(storage) });
  });

  // Liveness: answers while the process can serve at all, whatever the database is doing.
  r.get('/api/health/live', { schema: { response: { 200: LivenessSchema } } }, async () => ({ status: 'ok' as const }));
}
