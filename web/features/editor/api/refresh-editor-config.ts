import { EditorConfigSchema } from '@common/schemas/onlyoffice';
import { apiRequest } from '@web/lib/api-client';

/**
 * POST /api/documents/{id}/config/refresh: a fresh config with a new document key, for the
 * editor's `onRequestRefreshFile` (docs/product.md §4: refresh on version conflict).
 */
export async function refreshEditorConfig(id: number) {
  return EditorConfigSchema.parse(await apiRequest(`/api/documents/${id}/config/refresh`, { method: 'POST' }));
}
