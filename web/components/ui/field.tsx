import { type ReactNode, useId } from 'react';
import { Label } from './label';

/** What a field gives its control: the id its label names, and the tie to its validation message. */
export type FieldControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

type FieldProps = {
  label: ReactNode;
  /** While there is one, the control is marked invalid and described by it (read with the label). */
  error?: string;
  /** The control, given its props: spread them on the input, or on a select's trigger. */
  children: (control: FieldControlProps) => ReactNode;
};

/** Every form's field (docs/product.md §5): a label, a control and the control's validation message right under it. */
export function Field({ label, error, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
