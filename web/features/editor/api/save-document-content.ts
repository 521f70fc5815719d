import { DOCX_MIME_TYPE } from '@common/limits';
import { SaveResultSchema } from '@common/schemas/versions';
import { apiResponse } from '@web/lib/api-client';

/**
 * PUT /api/documents/{id}/content: stores the bytes as a new version (the previous one is kept).
 * `baseVersion` is the version the edit started from. When the document has moved on since, the
 * server merges the two (`merged` in the answer), or, where both changed the same paragraphs,
 * keeps this save in the history and answers 409 with a SaveConflict in the error's details.
 */
export async function saveDocumentContent(id: number, bytes: ArrayBuffer, baseVersion: number) {
  const response = await apiResponse(`/api/documents/${id}/content`, {
    method: 'PUT',
    headers: { 'Content-Type': DOCX_MIME_TYPE, 'x-base-version': String(baseVersion) },
    body: bytes,
  });
  return SaveResultSchema.parse(await response.json());
}
