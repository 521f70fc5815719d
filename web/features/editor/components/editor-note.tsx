import { Info, TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';

type EditorNoteProps = {
  /** 'error' for something that stops the editor working, 'info' for something worth knowing. */
  tone: 'error' | 'info';
  children: ReactNode;
  onDismiss?: () => void;
  testId?: string;
};

/** A line above the document that does not block it: the editor keeps working under it. */
export function EditorNote({ tone, children, onDismiss, testId }: EditorNoteProps) {
  const Icon = tone === 'error' ? TriangleAlert : Info;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn(
        'flex items-start gap-2 border-b px-4 py-2 text-sm',
        tone === 'error' ? 'border-destructive/30 bg-destructive/10' : 'border-warning/40 bg-warning/10',
      )}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', tone === 'error' ? 'text-destructive' : 'text-warning')} aria-hidden="true" />
      <div className="min-w-0 flex-1">{children}</div>
      {onDismiss && (
        <Button variant="ghost" size="icon" className="-my-1 size-7" aria-label="Dismiss" onClick={onDismiss}>
          <X aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
