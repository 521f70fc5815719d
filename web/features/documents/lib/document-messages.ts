/** docs/product.md §8 texts for the library, its Built archive messages included. */
import type { ToastInput } from '@web/components/ui/use-toast';

export const uploadSucceeded = (originalName: string): ToastInput => ({
  title: 'Upload successful',
  description: `${originalName} has been uploaded successfully.`,
});
export const UPLOAD_FAILED_TITLE = 'Upload failed';
export const UPLOAD_FAILED_FALLBACK = 'Failed to upload document. Please try again.';

export const DOCUMENT_DELETED: ToastInput = { title: 'Document deleted', description: 'The document has been successfully deleted.' };
export const DELETE_FAILED: ToastInput = {
  variant: 'destructive',
  title: 'Delete failed',
  description: 'Failed to delete the document. Please try again.',
};

export const documentArchived = (originalName: string): ToastInput => ({
  title: 'Document archived',
  description: `${originalName} has been moved to the Archive.`,
});
export const documentRestored = (originalName: string): ToastInput => ({
  title: 'Document restored',
  description: `${originalName} is back in All Documents.`,
});
export const ARCHIVE_FAILED_TITLE = 'Archive failed';
export const RESTORE_FAILED_TITLE = 'Restore failed';
export const ARCHIVE_FAILED_FALLBACK = 'Please try again.';
