import { useId } from 'react';
import { Controller, type SubmitHandler, type UseFormReturn, useWatch } from 'react-hook-form';
import type { Matcher } from 'react-day-picker';
import {
  TASK_CATEGORIES,
  TASK_CATEGORY_LABELS,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  TASK_TYPES,
  TASK_TYPE_LABELS,
} from '@common/schemas/tasks';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { Field, fieldErrorId } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import type { TaskFormValues } from '../lib/task-form-values';
import { AssigneeSelect } from './assignee-select';
import { DueDatePicker } from './due-date-picker';

type TaskFormProps<Out> = {
  form: UseFormReturn<TaskFormValues, unknown, Out>;
  onSubmit: SubmitHandler<Out>;
  onCancel: () => void;
  /** Days the calendar will not offer (SPEC 5: the create and edit forms differ). */
  disabledDays: Matcher[];
  submitLabel: string;
  pendingLabel: string;
  /** The assignee's name when they are no longer among the staff, so the select can still show it. */
  currentAssigneeName?: string | null;
};

/**
 * SPEC 5's task form, shared by Create and Edit. The story rule shows here as it will be stored:
 * choosing User Story sets the category to Product and locks it (the schemas and the server
 * apply the same rule).
 */
export function TaskForm<Out>({ form, onSubmit, onCancel, disabledDays, submitLabel, pendingLabel, currentAssigneeName }: TaskFormProps<Out>) {
  const id = useId();
  const fieldId = (name: keyof TaskFormValues) => `${id}-${name}`;
  const { errors, isSubmitting } = form.formState;
  const isStory = useWatch({ control: form.control, name: 'type' }) === 'story';
  const a11y = (name: keyof TaskFormValues) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? fieldErrorId(fieldId(name)) : undefined,
  });

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
      <Field id={fieldId('title')} label="Title" error={errors.title?.message}>
        <Input placeholder="What needs doing?" {...a11y('title')} {...form.register('title')} />
      </Field>
      <Field id={fieldId('description')} label="Description" error={errors.description?.message}>
        <Textarea rows={3} placeholder="Details, links, acceptance criteria (optional)" {...a11y('description')} {...form.register('description')} />
      </Field>

      {/* Bottom-aligned: the story note can wrap Category's label onto two lines. */}
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <Field id={fieldId('type')} label="Type" error={errors.type?.message}>
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  if (value === 'story') form.setValue('category', 'product', { shouldDirty: true });
                }}
              >
                <SelectTrigger {...a11y('type')} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TASK_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {TASK_TYPE_LABELS[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>

        <div className="grid gap-2">
          <Label htmlFor={fieldId('category')}>
            Category{' '}
            {isStory && <span className="text-xs font-normal text-muted-foreground">(Auto-set to Product for User Stories)</span>}
          </Label>
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              // Not the Controller's `disabled`: react-hook-form would then submit no category at all.
              <Select value={field.value} onValueChange={field.onChange} disabled={isStory}>
                <SelectTrigger {...a11y('category')} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TASK_CATEGORIES.map((category) => (
                    <SelectItem key={category} value={category}>
                      {TASK_CATEGORY_LABELS[category]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          {errors.category && (
            <p id={fieldErrorId(fieldId('category'))} className="text-sm font-medium text-destructive">
              {errors.category.message}
            </p>
          )}
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fieldId('status')} label="Status" error={errors.status?.message}>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger {...a11y('status')} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TASK_STATUSES.map((status) => (
                    <SelectItem key={status} value={status}>
                      {TASK_STATUS_LABELS[status]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>

        <Field id={fieldId('priority')} label="Priority" error={errors.priority?.message}>
          <Controller
            control={form.control}
            name="priority"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger {...a11y('priority')} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TASK_PRIORITIES.map((priority) => (
                    <SelectItem key={priority} value={priority}>
                      {TASK_PRIORITY_LABELS[priority]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>

        <Field id={fieldId('dueDate')} label="Due Date" error={errors.dueDate?.message}>
          <Controller
            control={form.control}
            name="dueDate"
            render={({ field }) => (
              <DueDatePicker
                id={fieldId('dueDate')}
                value={field.value}
                onChange={field.onChange}
                disabled={disabledDays}
                invalid={errors.dueDate !== undefined}
                describedBy={errors.dueDate ? fieldErrorId(fieldId('dueDate')) : undefined}
              />
            )}
          />
        </Field>

        <Field id={fieldId('assignedTo')} label="Assignee" error={errors.assignedTo?.message}>
          <Controller
            control={form.control}
            name="assignedTo"
            render={({ field }) => (
              <AssigneeSelect
                {...a11y('assignedTo')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                currentName={currentAssigneeName ?? null}
              />
            )}
          />
        </Field>
      </div>

      <DialogFooter className="pt-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
