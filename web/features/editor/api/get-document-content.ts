import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiResponse } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export type DocumentContent = {
  bytes: ArrayBuffer;
  /** The version these bytes are; a save names it as its base. */
  version: number;
};

/** GET /api/documents/{id}/content: the .docx to edit (with paragraph ids); 409 until processed. */
export async function getDocumentContent(id: number): Promise<DocumentContent> {
  const response = await apiResponse(`/api/documents/${id}/content`);
  const version = Number(response.headers.get('x-document-version'));
  if (!Number.isSafeInteger(version) || version < 1) throw new Error('The server did not say which version of the document this is.');
  return { bytes: await response.arrayBuffer(), version };
}

export const documentContentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.documents.content(id),
    queryFn: () => getDocumentContent(id),
    // Megabytes that the editor holds anyway; drop them as soon as the screen is left.
    gcTime: 0,
  });

export function useDocumentContent(id: number, enabled: boolean) {
  return useQuery({ ...documentContentQueryOptions(id), enabled });
}
