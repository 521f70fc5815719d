import { DOCX_MIME_TYPE } from '@common/limits';
import { SaveResultSchema } from '@common/schemas/versions';
import { apiResponse } from '@web/lib/api-client';

/**
 * What the editor's document is based on, beyond the version: 'saver' once a save of this editor
 * was merged onto a newer version. The editor still shows its own document without the other
 * side's changes, so the server takes that merge's copy of the saver's side as the base.
 */
export type BaseCopy = 'saver';

/**
 * PUT /api/documents/{id}/content: stores the bytes as a new version (the previous one is kept).
 * `baseVersion` is the version the edit started from (with `baseCopy`, that version's saver copy).
 * When the document has moved on since, the server merges the two (`merged` in the answer), or,
 * where both changed the same paragraphs, keeps this save in the history and answers 409 with a
 * SaveConflict in the error's details.
 */
export async function saveDocumentContent(id: number, bytes: ArrayBuffer, baseVersion: number, baseCopy?: BaseCopy) {
  const headers: Record<string, string> = { 'Content-Type': DOCX_MIME_TYPE, 'x-base-version': String(baseVersion) };
  if (baseCopy) headers['x-base-copy'] = baseCopy;
  const response = await apiResponse(`/api/documents/${id}/content`, { method: 'PUT', headers, body: bytes });
  return SaveResultSchema.parse(await response.json());
}
