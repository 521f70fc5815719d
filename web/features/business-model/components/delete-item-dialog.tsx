import type { CanvasItem } from '@common/schemas/business-model';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { toast } from '@web/components/ui/use-toast';
import { useDeleteCanvasItem } from '../api/delete-canvas-item';
import { DELETE_FAILED, ITEM_DELETED, deleteQuestion, failedToast } from '../lib/messages';

type DeleteItemDialogProps = {
  /** The item asked about; null keeps the dialog closed. */
  item: CanvasItem | null;
  onClose: () => void;
  onDeleted: (item: CanvasItem) => void;
};

/** docs/product.md §2: 'Delete Item', confirmed before anything is sent. A failure keeps it open to try again. */
export function DeleteItemDialog({ item, onClose, onDeleted }: DeleteItemDialogProps) {
  const deleteItem = useDeleteCanvasItem();

  const confirm = async (target: CanvasItem) => {
    try {
      await deleteItem.mutateAsync(target.id);
    } catch (error) {
      toast(failedToast(DELETE_FAILED, error));
      return;
    }
    toast(ITEM_DELETED);
    onDeleted(target);
  };

  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => !open && !deleteItem.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Item</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{item ? deleteQuestion(item.title) : ''}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteItem.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={deleteItem.isPending}
            onClick={(event) => {
              // Stay open until the server answers: a failure is reported here, with the question still showing.
              event.preventDefault();
              if (item) void confirm(item);
            }}
          >
            {deleteItem.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
