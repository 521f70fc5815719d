import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Document, DocumentSchema } from '@common/schemas/documents';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

type UploadOptions = {
  /** Fraction of the bytes sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
};

/**
 * POST /api/documents/upload with the file in the multipart field 'document' (docs/product.md §7).
 * XMLHttpRequest rather than the api-client's fetch because only it reports upload progress;
 * it keeps the api-client's rules: cookies sent, a non-OK answer becomes `ApiError("<status>: <body>")`.
 */
export function uploadDocument(file: File, { onProgress }: UploadOptions = {}): Promise<Document> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new Error(NETWORK_ERROR_MESSAGE));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`));
        return;
      }
      try {
        resolve(DocumentSchema.parse(JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const form = new FormData();
    form.append('document', file);
    xhr.send(form);
  });
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => uploadDocument(file, { onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  });
}
