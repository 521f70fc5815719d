import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiResponse } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/demo/document: the public sample .docx, for the embedded editor on /demo. */
export async function getDemoDocument() {
  return (await apiResponse('/api/demo/document')).arrayBuffer();
}

export const demoDocumentQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.editor.demoDocument,
    queryFn: getDemoDocument,
    // Bytes the editor holds anyway.
    gcTime: 0,
  });

export function useDemoDocument() {
  return useQuery(demoDocumentQueryOptions());
}
