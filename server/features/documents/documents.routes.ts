import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCX_MIME_TYPE, MAX_UPLOAD_BYTES } from '@common/limits';
import {
  DocumentIdParamsSchema,
  DocumentListQuerySchema,
  DocumentListSchema,
  DocumentSchema,
  UpdateDocumentSchema,
} from '@common/schemas/documents';
import type { Deps } from '../../deps';
import { requireUser } from '../auth/auth-guard';
import { contentDisposition } from './content-disposition';
import * as documents from './documents.service';
import { readUpload } from './read-upload';
import { saveContent } from './save-content';

const SaveHeadersSchema = z.object({
  'x-base-version': z.coerce.number('x-base-version must be the version number the edit started from').int().positive(),
});

export function documentRoutes(app: FastifyInstance, deps: Deps) {
  // Saves arrive as the raw .docx; parsed into a Buffer, never as text.
  app.addContentTypeParser(DOCX_MIME_TYPE, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES * 2 }, (_request, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const byId = { params: DocumentIdParamsSchema };

  r.get('/api/documents', { schema: { querystring: DocumentListQuerySchema, response: { 200: DocumentListSchema } } }, async (request) =>
    documents.listDocuments(deps, requireUser(request), request.query),
  );

  r.post('/api/documents/upload', { schema: { response: { 201: DocumentSchema } } }, async (request, reply) => {
    const actor = requireUser(request);
    const file = await readUpload(request);
    return reply.status(201).send(await documents.uploadDocument(deps, actor, file));
  });

  r.get('/api/documents/:id', { schema: { ...byId, response: { 200: DocumentSchema } } }, async (request) =>
    documents.getDocument(deps, requireUser(request), request.params.id),
  );

  r.patch('/api/documents/:id', { schema: { ...byId, body: UpdateDocumentSchema, response: { 200: DocumentSchema } } }, async (request) =>
    documents.setArchived(deps, requireUser(request), request.params.id, request.body.archived),
  );

  r.delete('/api/documents/:id', { schema: { ...byId, response: { 204: z.null() } } }, async (request, reply) => {
    await documents.deleteDocument(deps, requireUser(request), request.params.id);
    return reply.status(204).send(null);
  });

  r.get('/api/documents/:id/download', { schema: byId }, async (request, reply) => {
    const { doc, stream } = await documents.openDownload(deps, requireUser(request), request.params.id);
    return reply
      .type(DOCX_MIME_TYPE)
      .header('content-disposition', contentDisposition(doc.originalName))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  // The editor's save: the .docx bytes as the body, the version they were based on in a header.
  r.put(
    '/api/documents/:id/content',
    { schema: { ...byId, headers: SaveHeadersSchema, response: { 200: DocumentSchema } }, bodyLimit: MAX_UPLOAD_BYTES * 2 },
    async (request) =>
      saveContent(deps, requireUser(request), request.params.id, request.headers['x-base-version'], request.body as Uint8Array),
  );

  r.get('/api/documents/:id/content', { schema: byId }, async (request, reply) => {
    const { version, bytes } = await documents.openForEditing(deps, requireUser(request), request.params.id);
    return reply
      .type(DOCX_MIME_TYPE)
      .header('x-document-version', String(version))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
