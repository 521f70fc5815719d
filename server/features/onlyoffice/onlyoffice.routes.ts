import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCX_MIME_TYPE } from '@common/limits';
import { DocumentIdParamsSchema } from '@common/schemas/documents';
import { CallbackStatusSchema, EditorConfigSchema } from '@common/schemas/onlyoffice';
import type { Deps } from '../../deps';
import { requireUser } from '../auth/auth-guard';
import { callbackStatus, handleCallback } from './callback';
import { readDocumentFile } from './document-file';
import { editorConfig, refreshedConfig } from './editor-config';

/**
 * A Document Server's callback carries the session's users, actions and history beside the token
 * that repeats them; 256 KB holds that for any realistic session.
 */
export const CALLBACK_BODY_BYTES = 256 * 1024;

const FileQuerySchema = z.strictObject({ token: z.string().min(1).max(2048) });
const CallbackBodySchema = z.looseObject({ token: z.string().max(CALLBACK_BODY_BYTES).optional() });
const CallbackAnswerSchema = z.object({ error: z.literal(0) });

export function onlyofficeRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const byId = { params: DocumentIdParamsSchema };

  r.get('/api/documents/:id/config', { schema: { ...byId, response: { 200: EditorConfigSchema } } }, async (request) =>
    editorConfig(deps, requireUser(request), request.params.id),
  );

  r.post('/api/documents/:id/config/refresh', { schema: { ...byId, response: { 200: EditorConfigSchema } } }, async (request) =>
    refreshedConfig(deps, requireUser(request), request.params.id),
  );

  r.get('/api/documents/:id/callback/status', { schema: { ...byId, response: { 200: CallbackStatusSchema } } }, async (request) =>
    callbackStatus(deps, requireUser(request), request.params.id),
  );

  // No session: the Document Server fetches it, with the token of the config's URL.
  r.get('/api/documents/:id/file', { schema: { ...byId, querystring: FileQuerySchema } }, async (request, reply) => {
    const bytes = await readDocumentFile(deps, request.params.id, request.query.token);
    return reply.type(DOCX_MIME_TYPE).header('cache-control', 'private, no-store').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

  // No session: the Document Server signs what it sends (callback.ts).
  r.post(
    '/api/documents/:id/callback',
    { schema: { ...byId, body: CallbackBodySchema, response: { 200: CallbackAnswerSchema } }, bodyLimit: CALLBACK_BODY_BYTES },
    async (request) => handleCallback(deps, request.params.id, request.body, headerToken(request.headers)),
  );
}

/** The header a Document Server signs with: `Authorization` by default, `AuthorizationJwt` in many setups. */
export function headerToken(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers.authorization ?? headers.authorizationjwt;
  return typeof value === 'string' ? value : undefined;
}
