import type { ComponentProps } from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '@web/lib/utils';

/** A bar from 0 to 100; `value` null shows an indeterminate bar. */
export function Progress({ className, value, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const known = typeof value === 'number';
  return (
    <ProgressPrimitive.Root
      value={value}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full bg-primary transition-[width] duration-200', !known && 'w-1/3 animate-pulse')}
        style={known ? { width: `${Math.min(100, Math.max(0, value))}%` } : undefined}
      />
    </ProgressPrimitive.Root>
  );
}
