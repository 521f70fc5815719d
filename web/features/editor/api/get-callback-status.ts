import { useQuery } from '@tanstack/react-query';
import { CallbackStatusSchema } from '@common/schemas/onlyoffice';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/documents/{id}/callback/status: whether the Document Server has called back under the open key. */
export async function getCallbackStatus(id: number) {
  return CallbackStatusSchema.parse(await apiRequest(`/api/documents/${id}/callback/status`));
}

/** Asked once, when `enabled` turns true (a while after the editor opened the document). */
export function useCallbackStatus(id: number, key: string, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.editor.callbackStatus(id, key), queryFn: () => getCallbackStatus(id), enabled, gcTime: 0 });
}
