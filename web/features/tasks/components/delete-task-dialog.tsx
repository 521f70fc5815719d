import type { Task } from '@common/schemas/tasks';
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
import { errorMessage } from '@web/lib/api-client';
import { useDeleteTask } from '../api/delete-task';
import { DELETE_FAILED_TITLE, TRY_AGAIN } from '../lib/task-messages';

type DeleteTaskDialogProps = { task: Task | null; onClose: () => void };

/** docs/product.md §2's confirmation. It stays open while the call runs and closes once the task is gone. */
export function DeleteTaskDialog({ task, onClose }: DeleteTaskDialogProps) {
  const deleteTask = useDeleteTask();

  const confirm = async () => {
    if (!task) return;
    try {
      await deleteTask.mutateAsync(task.id);
    } catch (error) {
      toast({ variant: 'destructive', title: DELETE_FAILED_TITLE, description: errorMessage(error, TRY_AGAIN) });
      return;
    }
    onClose();
  };

  return (
    <AlertDialog open={task !== null} onOpenChange={(open) => !open && !deleteTask.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure you want to delete this task?</AlertDialogTitle>
          <AlertDialogDescription>
            <span className="font-medium break-words text-foreground">{task?.title}</span> will be deleted. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteTask.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={deleteTask.isPending}
            onClick={(event) => {
              // Radix would close at once; the dialog waits for the answer instead.
              event.preventDefault();
              void confirm();
            }}
          >
            {deleteTask.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
