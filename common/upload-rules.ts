import { ACCEPTED_MIME_TYPES, MAX_UPLOAD_BYTES } from './limits';

export type FileRejection = { title: string; description: string; status: 413 | 415 };

/**
 * docs/product.md §5's file checks, in its order. The browser runs them for instant feedback; the
 * server runs the same function before it reads a byte of content.
 */
export function checkUploadFile(file: { name: string; type: string | undefined; size?: number }): FileRejection | null {
  if (!/\.docx$/i.test(file.name)) {
    return { title: 'Invalid file type', description: 'Please select a .docx file.', status: 415 };
  }
  const type = file.type ?? '';
  if (!ACCEPTED_MIME_TYPES.includes(type)) {
    return {
      title: 'Invalid file type',
      description: `File type ${type} not supported. Please select a .docx file.`,
      status: 415,
    };
  }
  if (file.size !== undefined && file.size > MAX_UPLOAD_BYTES) return tooLarge;
  return null;
}

export const tooLarge: FileRejection = {
  title: 'File too large',
  description: 'Please select a file smaller than 10MB.',
  status: 413,
};
