import type { ReactNode } from 'react';
import { Label } from './label';

type FieldProps = {
  /** The control's id; the error's id is derived from it for aria-describedby. */
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
};

export const fieldErrorId = (id: string) => `${id}-error`;

/** A label, a control and the control's validation message right under it. */
export function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={fieldErrorId(id)} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
