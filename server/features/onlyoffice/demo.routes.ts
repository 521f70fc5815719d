import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCX_MIME_TYPE } from '@common/limits';
import { EditorConfigSchema } from '@common/schemas/onlyoffice';
import type { Deps } from '../../deps';
import { demoCallback, demoConfig } from './demo';
import { demoSample } from './demo-sample';
import { CALLBACK_BODY_BYTES, headerToken } from './onlyoffice.routes';

/** Public: the /demo page works signed out. Nothing here reads or writes a stored document. */
export function demoRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/demo/document', async (_request, reply) => {
    const { bytes } = demoSample();
    return reply.type(DOCX_MIME_TYPE).header('cache-control', 'public, max-age=3600').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

  r.get('/api/demo/config', { schema: { response: { 200: EditorConfigSchema } } }, async () => demoConfig(deps));

  r.post(
    '/api/demo/callback',
    { schema: { body: z.looseObject({ token: z.string().optional() }), response: { 200: z.object({ error: z.literal(0) }) } }, bodyLimit: CALLBACK_BODY_BYTES },
    async (request) => demoCallback(deps, request.body, headerToken(request.headers)),
  );
}
