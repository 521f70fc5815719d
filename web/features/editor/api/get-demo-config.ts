import { queryOptions, useQuery } from '@tanstack/react-query';
import { EditorConfigSchema } from '@common/schemas/onlyoffice';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/demo/config: a public, view-only config of the sample document; 404 without a Document Server. */
export async function getDemoConfig() {
  return EditorConfigSchema.parse(await apiRequest('/api/demo/config'));
}

export const demoConfigQueryOptions = () => queryOptions({ queryKey: queryKeys.editor.demoConfig, queryFn: getDemoConfig, gcTime: 0 });

export function useDemoConfig() {
  return useQuery(demoConfigQueryOptions());
}
