import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthSchema } from '@common/schemas/health';
import type { Deps } from '../../deps';

export function healthRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/health', { schema: { response: { 200: HealthSchema, 503: HealthSchema } } }, async (_request, reply) => {
    const dbOk = await deps.database.ping().then(
      () => true,
      (err: unknown) => (deps.log.error({ err }, 'health: database check failed'), false),
    );
    return reply.status(dbOk ? 200 : 503).send({
      status: dbOk ? 'ok' : 'error',
      db: deps.database.kind,
      ai: deps.config.ai.provider,
      editor: deps.config.documentServer ? 'onlyoffice' : 'embedded',
    });
  });
}
