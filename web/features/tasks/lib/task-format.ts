import { format } from 'date-fns';
import type { TaskPriority } from '@common/schemas/tasks';

/** A due date as a person reads it, e.g. 'Jun 5, 2026'; null for none or an unreadable value. */
export function formatDay(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format(date, 'MMM d, yyyy');
}

/** The calendar speaks Date; the form and the API speak ISO strings (docs/product.md §5). */
export function parseDay(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Colour per priority, strongest for urgent; dark text on light tints keeps the contrast readable. */
export const PRIORITY_BADGE: Record<TaskPriority, string> = {
  low: 'border-transparent bg-slate-100 text-slate-700',
  medium: 'border-transparent bg-blue-100 text-blue-800',
  high: 'border-transparent bg-amber-100 text-amber-900',
  urgent: 'border-transparent bg-red-100 text-red-800',
};
