import { PenLine } from 'lucide-react';
import { PRODUCT_NAME } from '@web/lib/brand';
import { cn } from '@web/lib/utils';

/** The brand mark and name, as shown in every header. */
export function Logo({ className, nameClassName }: { className?: string; nameClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground" aria-hidden="true">
        <PenLine className="size-4" />
      </span>
      <span className={nameClassName}>{PRODUCT_NAME}</span>
    </span>
  );
}
