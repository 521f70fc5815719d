import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DocumentSchema } from '@common/schemas/documents';
import { TemplateIdParamsSchema, TemplateListSchema } from '@common/schemas/templates';
import type { Deps } from '../../deps';
import { requireUser } from '../auth/auth-guard';
import { admitTemplateUse } from '../rate-limit/admission';
import { listTemplates, useTemplate } from './templates.service';

export function templateRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/templates', { schema: { response: { 200: TemplateListSchema } } }, async (request) => {
    requireUser(request);
    return listTemplates(deps);
  });

  r.post(
    '/api/templates/:id/use',
    { schema: { params: TemplateIdParamsSchema, response: { 201: DocumentSchema } } },
    async (request, reply) => {
      await admitTemplateUse(deps, request);
      return reply.status(201).send(await useTemplate(deps, requireUser(request), request.params.id));
    },
  );
}
