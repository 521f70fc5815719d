import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import {
  type CanvasElement,
  type CanvasItem,
  CreateCanvasItemSchema,
  UpdateCanvasItemSchema,
} from '@common/schemas/business-model';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { useCreateCanvasItem } from '../api/create-canvas-item';
import { useUpdateCanvasItem } from '../api/update-canvas-item';
import { ADD_FAILED, ITEM_ADDED, ITEM_UPDATED, UPDATE_FAILED, failedToast } from '../lib/messages';

/**
 * docs/product.md §5: adds an item to `element`, checked with the schema the server enforces. No maxLength
 * on the controls: a pasted text that is too long gets the schema's message, not a silent cut.
 */
export function AddItemForm({ element }: { element: CanvasElement }) {
  const createItem = useCreateCanvasItem();
  const form = useForm({
    resolver: zodResolver(CreateCanvasItemSchema),
    defaultValues: { element, title: '', description: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createItem.mutateAsync(values);
    } catch (error) {
      toast(failedToast(ADD_FAILED, error));
      return;
    }
    toast(ITEM_ADDED);
    form.reset();
    // Ready for the next item of the same element.
    form.setFocus('title');
  });

  return (
    <ItemFields register={form.register} errors={form.formState.errors} onSubmit={onSubmit} heading="Add an item">
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Adding...' : 'Add Item'}
      </Button>
    </ItemFields>
  );
}

type EditItemFormProps = { item: CanvasItem; onDone: (saved: boolean) => void };

/** docs/product.md §5 and §7: edits the title and description of `item` (the element stays: the list on the left chooses it). */
export function EditItemForm({ item, onDone }: EditItemFormProps) {
  const updateItem = useUpdateCanvasItem();
  const form = useForm({
    resolver: zodResolver(UpdateCanvasItemSchema),
    defaultValues: { title: item.title, description: item.description ?? '' },
  });
  const { setFocus } = form;
  // The form was opened from the item's Edit button: take the keyboard to the first field.
  useEffect(() => setFocus('title'), [setFocus]);

  const onSubmit = form.handleSubmit(async ({ title, description }) => {
    try {
      await updateItem.mutateAsync({ id: item.id, patch: { title, description } });
    } catch (error) {
      toast(failedToast(UPDATE_FAILED, error));
      return;
    }
    toast(ITEM_UPDATED);
    onDone(true);
  });

  return (
    <ItemFields register={form.register} errors={form.formState.errors} onSubmit={onSubmit} heading="Edit item">
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Updating...' : 'Update Item'}
      </Button>
      <Button type="button" variant="outline" onClick={() => onDone(false)} disabled={form.formState.isSubmitting}>
        Cancel
      </Button>
    </ItemFields>
  );
}

type FieldName = 'title' | 'description';

type ItemFieldsProps = {
  // The two forms' values differ (the add form also carries its element); both have these fields.
  register: (name: FieldName) => UseFormRegisterReturn;
  errors: Partial<Record<FieldName, { message?: string }>>;
  onSubmit: () => void;
  heading: string;
  children: ReactNode;
};

function ItemFields({ register, errors, onSubmit, heading, children }: ItemFieldsProps) {
  const headingId = useId();

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold">
        {heading}
      </h3>
      <Field label="Title" error={errors.title?.message}>
        {(control) => <Input {...control} autoComplete="off" placeholder="A short name for the item" {...register('title')} />}
      </Field>
      <Field label="Description (optional)" error={errors.description?.message}>
        {(control) => (
          <Textarea {...control} rows={3} className="min-h-20" placeholder="Details, evidence, open questions..." {...register('description')} />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">{children}</div>
    </form>
  );
}
