import multipart from '@fastify/multipart';
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
import { decimalInteger } from '@common/schemas/ids';
import { SaveResultSchema } from '@common/schemas/versions';
import type { Deps } from '../../deps';
import { requireUser } from '../auth/auth-guard';
import { admitSave, admitUpload } from '../rate-limit/admission';
import { contentDisposition } from './content-disposition';
import * as documents from './documents.service';
import { readUpload } from './read-upload';
import { saveContent } from './save-content';

const SaveHeadersSchema = z.object({
  'x-base-version': decimalInteger('x-base-version must be the version number the edit started from'),
  /** 'saver' after this editor's save was merged: its next save is merged from its own copy (save-content.ts). */
  'x-base-copy': z.enum(['version', 'saver'], "x-base-copy must be 'version' or 'saver'").default('version'),
});

export function documentRoutes(app: FastifyInstance, deps: Deps) {
  app.register((scope) => uploadRoute(scope, deps));
  app.register((scope) => saveRoute(scope, deps));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const byId = { params: DocumentIdParamsSchema };

  r.get('/api/documents', { schema: { querystring: DocumentListQuerySchema, response: { 200: DocumentListSchema } } }, async (request) =>
    documents.listDocuments(deps, requireUser(request), request.query),
  );

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

  r.get('/api/documents/:id/content', { schema: byId }, async (request, reply) => {
    const { version, bytes } = await documents.openForEditing(deps, requireUser(request), request.params.id);
    return reply
      .type(DOCX_MIME_TYPE)
      .header('x-document-version', String(version))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}

/** The upload reads multipart, and nothing else does: its parser lives in this route's context only. */
async function uploadRoute(app: FastifyInstance, deps: Deps) {
  app.removeAllContentTypeParsers();
  // One file per request, bounded while it streams in: an 11 MB body is cut off at 10 MB + 1.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/documents/upload', { schema: { response: { 201: DocumentSchema } }, config: { body: 'multipart' } }, async (request, reply) => {
    await admitUpload(deps, request);
    const actor = requireUser(request);
    const file = await readUpload(request);
    return reply.status(201).send(await documents.uploadDocument(deps, actor, file));
  });
}

/** The editor's save: the .docx bytes as the body (a Buffer, never text), its base version in a header. */
async function saveRoute(app: FastifyInstance, deps: Deps) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(DOCX_MIME_TYPE, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/api/documents/:id/content',
    { schema: { params: DocumentIdParamsSchema, headers: SaveHeadersSchema, response: { 200: SaveResultSchema } }, config: { body: 'docx' } },
    async (request) => {
      await admitSave(deps, request);
      const { 'x-base-version': base, 'x-base-copy': copy } = request.headers;
      return saveContent(deps, requireUser(request), request.params.id, base, request.body as Uint8Array, copy);
    },
  );
}
