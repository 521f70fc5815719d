import { Loader2 } from 'lucide-react';
import { cn } from '@web/lib/utils';

/**
 * What the editor pane shows while a long document opens: alone before anything is painted, then
 * over the first pages while the rest is laid out (use-progressive-open.ts).
 */
export function OpeningNote({ overlay = false }: { overlay?: boolean }) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center gap-2 text-sm text-muted-foreground',
        overlay ? 'absolute left-1/2 top-14 z-20 -translate-x-1/2 rounded-full border bg-background px-4 py-1.5 shadow-sm' : 'h-full justify-center',
      )}
    >
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {overlay ? 'Loading the rest of the document...' : 'Loading document...'}
    </div>
  );
}
