import { DOCX_MIME_TYPE } from '@common/limits';
import { DocumentSchema } from '@common/schemas/documents';
import { apiResponse } from '@web/lib/api-client';

/**
 * PUT /api/documents/{id}/content: stores the bytes as a new version (the previous one is kept).
 * `baseVersion` is the version the edit started from; the server answers 409 when the document
 * has moved on since, rather than overwrite someone else's save.
 */
export async function saveDocumentContent(id: number, bytes: ArrayBuffer, baseVersion: number) {
  const response = await apiResponse(`/api/documents/${id}/content`, {
    method: 'PUT',
    headers: { 'Content-Type': DOCX_MIME_TYPE, 'x-base-version': String(baseVersion) },
    body: bytes,
  });
  return DocumentSchema.parse(await response.json());
}
