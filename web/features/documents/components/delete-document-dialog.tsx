import type { Document } from '@common/schemas/documents';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { useDeleteDocument } from '../api/delete-document';
import { DELETE_FAILED, DOCUMENT_DELETED } from '../lib/document-messages';

type DeleteDocumentDialogProps = { document: Document; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Deleting removes every stored version for good, so it is confirmed first; Archive is the way
 * to put a document aside without losing it.
 */
export function DeleteDocumentDialog({ document, open, onOpenChange }: DeleteDocumentDialogProps) {
  const deleteDocument = useDeleteDocument();

  // mutateAsync: the row (and this dialog) disappears when the refreshed list arrives.
  const confirm = async () => {
    try {
      await deleteDocument.mutateAsync(document.id);
    } catch {
      toast(DELETE_FAILED);
      return;
    }
    onOpenChange(false);
    toast(DOCUMENT_DELETED);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !deleteDocument.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete document?</DialogTitle>
          <DialogDescription>
            <span className="font-medium text-foreground">{document.originalName}</span> and all its versions will be deleted
            permanently. To keep it out of the way instead, archive it.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={deleteDocument.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={deleteDocument.isPending}>
            {deleteDocument.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
