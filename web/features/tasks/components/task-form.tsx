import type { ReactNode } from 'react';
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
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import type { TaskFormValues } from '../lib/task-form-values';
import { AssigneeSelect } from './assignee-select';
import { DueDatePicker } from './due-date-picker';

type TaskFormProps<Out> = {
  form: UseFormReturn<TaskFormValues, unknown, Out>;
  onSubmit: SubmitHandler<Out>;
  onCancel: () => void;
  /** Days the calendar will not offer (docs/product.md §5: the create and edit forms differ). */
  disabledDays: Matcher[];
  submitLabel: string;
  pendingLabel: string;
  /** The assignee's name when they are no longer among the staff, so the select can still show it. */
  currentAssigneeName?: string | null;
};

/**
 * docs/product.md §5's task form, shared by Create and Edit. The story rule shows here as it will be stored:
 * choosing User Story sets the category to Product and locks it (the schemas and the server
 * apply the same rule).
 */
export function TaskForm<Out>({ form, onSubmit, onCancel, disabledDays, submitLabel, pendingLabel, currentAssigneeName }: TaskFormProps<Out>) {
  const { errors, isSubmitting } = form.formState;
  const isStory = useWatch({ control: form.control, name: 'type' }) === 'story';

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
      <Field label="Title" error={errors.title?.message}>
        {(control) => <Input {...control} placeholder="What needs doing?" {...form.register('title')} />}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={3} placeholder="Details, links, acceptance criteria (optional)" {...form.register('description')} />}
      </Field>

      {/* Bottom-aligned: the story note can wrap Category's label onto two lines. */}
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <ChoiceField
          form={form}
          name="type"
          label="Type"
          options={TASK_TYPES}
          labels={TASK_TYPE_LABELS}
          onChosen={(type) => {
            if (type === 'story') form.setValue('category', 'product', { shouldDirty: true });
          }}
        />
        <ChoiceField
          form={form}
          name="category"
          label={
            <>
              Category{' '}
              {isStory && <span className="text-xs font-normal text-muted-foreground">(Auto-set to Product for User Stories)</span>}
            </>
          }
          options={TASK_CATEGORIES}
          labels={TASK_CATEGORY_LABELS}
          disabled={isStory}
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField form={form} name="status" label="Status" options={TASK_STATUSES} labels={TASK_STATUS_LABELS} />
        <ChoiceField form={form} name="priority" label="Priority" options={TASK_PRIORITIES} labels={TASK_PRIORITY_LABELS} />

        <Field label="Due Date" error={errors.dueDate?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="dueDate"
              render={({ field }) => <DueDatePicker {...control} value={field.value} onChange={field.onChange} disabled={disabledDays} />}
            />
          )}
        </Field>

        <Field label="Assignee" error={errors.assignedTo?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="assignedTo"
              render={({ field }) => (
                <AssigneeSelect
                  {...control}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  currentName={currentAssigneeName ?? null}
                />
              )}
            />
          )}
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

type ChoiceName = 'type' | 'category' | 'status' | 'priority';

type ChoiceFieldProps<Name extends ChoiceName, Out> = {
  form: UseFormReturn<TaskFormValues, unknown, Out>;
  name: Name;
  label: ReactNode;
  options: readonly TaskFormValues[Name][];
  labels: Record<TaskFormValues[Name], string>;
  disabled?: boolean;
  /** After the form holds the new choice. */
  onChosen?: (value: TaskFormValues[Name]) => void;
};

/** A field choosing one of a fixed set (type, category, status, priority), shown by its label. */
function ChoiceField<Name extends ChoiceName, Out>({ form, name, label, options, labels, disabled, onChosen }: ChoiceFieldProps<Name, Out>) {
  return (
    <Field label={label} error={form.formState.errors[name]?.message}>
      {(control) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            // Not the Controller's `disabled`: react-hook-form would then submit no value at all.
            <Select
              value={field.value}
              disabled={disabled}
              onValueChange={(value) => {
                field.onChange(value);
                onChosen?.(value as TaskFormValues[Name]);
              }}
            >
              <SelectTrigger {...control} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option} value={option}>
                    {labels[option]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </Field>
  );
}
