import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCX_MIME_TYPE } from '@common/limits';
import { DocumentIdParamsSchema, DocumentSchema } from '@common/schemas/documents';
import { CompareQuerySchema, RestoreQuerySchema, VersionListSchema, VersionParamsSchema } from '@common/schemas/versions';
import type { Deps } from '../../deps';
import { requireUser } from '../auth/auth-guard';
import { contentDisposition } from '../documents/content-disposition';
import { admitCompare, admitRestore } from '../rate-limit/admission';
import * as versions from './versions.service';

export function versionRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/documents/:id/versions', { schema: { params: DocumentIdParamsSchema, response: { 200: VersionListSchema } } }, async (request) =>
    versions.listVersions(deps, requireUser(request), request.params.id),
  );

  r.get('/api/documents/:id/versions/:n/download', { schema: { params: VersionParamsSchema } }, async (request, reply) => {
    const { filename, stream } = await versions.openVersion(deps, requireUser(request), request.params.id, request.params.n);
    return reply.type(DOCX_MIME_TYPE).header('content-disposition', contentDisposition(filename)).header('cache-control', 'private, no-store').send(stream);
  });

  // No body: the version to restore is in the path.
  r.post(
    '/api/documents/:id/versions/:n/restore',
    { schema: { params: VersionParamsSchema, querystring: RestoreQuerySchema, response: { 200: DocumentSchema } } },
    async (request) => {
      await admitRestore(deps, request);
      return versions.restoreVersion(deps, requireUser(request), request.params.id, request.params.n, request.query.current);
    },
  );

  r.get('/api/documents/:id/compare', { schema: { params: DocumentIdParamsSchema, querystring: CompareQuerySchema } }, async (request, reply) => {
    await admitCompare(deps, request);
    const result = await versions.compareVersions(deps, requireUser(request), request.params.id, request.query);
    if (result.kind === 'json') return reply.header('cache-control', 'private, no-store').send(result.comparison);
    return reply
      .type(DOCX_MIME_TYPE)
      .header('content-disposition', contentDisposition(result.filename))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength));
  });
}
