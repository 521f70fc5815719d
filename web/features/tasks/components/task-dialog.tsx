import { startOfToday } from 'date-fns';
import { useForm } from 'react-hook-form';
import type { Matcher } from 'react-day-picker';
import type { CreateTask, Task, UpdateTask } from '@common/schemas/tasks';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useCreateTask } from '../api/create-task';
import { useUpdateTask } from '../api/update-task';
import { NEW_TASK_VALUES, type TaskFormValues, createTaskResolver, taskFormValues, updateTaskResolver } from '../lib/task-form-values';
import { CREATE_FAILED_TITLE, TRY_AGAIN, UPDATE_FAILED_TITLE } from '../lib/task-messages';
import { TaskForm } from './task-form';

const YEAR_1900 = new Date(1900, 0, 1);

/** docs/product.md §5: the create calendar disables past dates and dates before 1900 (today can still be picked). */
const createDisabledDays = (): Matcher[] => [{ before: startOfToday() }, { before: YEAR_1900 }];
/** docs/product.md §5: the edit calendar disables the days before today. */
const editDisabledDays = (): Matcher[] => [{ before: startOfToday() }];

type CreateTaskDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Create New Task': the form empties each time the dialog opens (it is unmounted when closed). */
export function CreateTaskDialog({ open, onOpenChange }: CreateTaskDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Create New Task</DialogTitle>
          <DialogDescription>Add a task or a user story to the board.</DialogDescription>
        </DialogHeader>
        <CreateTaskForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CreateTaskForm({ onDone }: { onDone: () => void }) {
  const createTask = useCreateTask();
  const form = useForm<TaskFormValues, unknown, CreateTask>({ resolver: createTaskResolver, defaultValues: NEW_TASK_VALUES });

  const onSubmit = async (values: CreateTask) => {
    try {
      await createTask.mutateAsync(values);
    } catch (error) {
      toast({ variant: 'destructive', title: CREATE_FAILED_TITLE, description: errorMessage(error, TRY_AGAIN) });
      return;
    }
    onDone();
  };

  return (
    <TaskForm
      form={form}
      onSubmit={onSubmit}
      onCancel={onDone}
      disabledDays={createDisabledDays()}
      submitLabel="Create Task"
      pendingLabel="Creating..."
    />
  );
}

type EditTaskDialogProps = { task: Task | null; onClose: () => void };

/** 'Edit Task', from a card's menu or a list row's menu; it sends the whole form as one PATCH. */
export function EditTaskDialog({ task, onClose }: EditTaskDialogProps) {
  return (
    <Dialog open={task !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Task</DialogTitle>
          <DialogDescription>Update the task details below.</DialogDescription>
        </DialogHeader>
        {task && <EditTaskForm key={task.id} task={task} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditTaskForm({ task, onDone }: { task: Task; onDone: () => void }) {
  const updateTask = useUpdateTask();
  const form = useForm<TaskFormValues, unknown, UpdateTask>({ resolver: updateTaskResolver, defaultValues: taskFormValues(task) });

  const onSubmit = async (patch: UpdateTask) => {
    try {
      await updateTask.mutateAsync({ id: task.id, patch });
    } catch (error) {
      toast({ variant: 'destructive', title: UPDATE_FAILED_TITLE, description: errorMessage(error, TRY_AGAIN) });
      return;
    }
    onDone();
  };

  return (
    <TaskForm
      form={form}
      onSubmit={onSubmit}
      onCancel={onDone}
      disabledDays={editDisabledDays()}
      submitLabel="Update Task"
      pendingLabel="Updating..."
      currentAssigneeName={task.assigneeName}
    />
  );
}
