import { CircleAlert, CircleCheck, CircleDot, History, RotateCw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import type { SaveStatus } from '../lib/autosaver';

const LABELS = {
  saved: 'Saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving...',
  failed: 'Save failed',
  conflict: 'Save failed',
} as const;

type SaveStatusIndicatorProps = {
  status: SaveStatus;
  onRetry: () => void;
  /** In a conflict, the version the server kept this editor's save as: nothing is lost, so it is no failure. */
  keptAs?: number | null;
};

/** The header's save indicator; a failed save offers to try again (a conflict has its own banner). */
export function SaveStatusIndicator({ status, onRetry, keptAs }: SaveStatusIndicatorProps) {
  const { state, message } = status;
  const kept = state === 'conflict' && keptAs != null;
  const failed = (state === 'failed' || state === 'conflict') && !kept;
  return (
    <div className="flex items-center gap-2 text-sm" role="status" aria-live="polite" data-testid="save-status" data-state={state}>
      {state === 'saving' ? (
        <Spinner className="size-4" />
      ) : kept ? (
        <History className="size-4 text-warning" aria-hidden="true" />
      ) : failed ? (
        <CircleAlert className="size-4 text-destructive" aria-hidden="true" />
      ) : state === 'unsaved' ? (
        <CircleDot className="size-4 text-warning" aria-hidden="true" />
      ) : (
        <CircleCheck className="size-4 text-success" aria-hidden="true" />
      )}
      <span className={failed ? 'font-medium text-destructive' : 'text-muted-foreground'} title={(!kept && message) || undefined}>
        {kept ? `Kept as version ${keptAs}` : LABELS[state]}
      </span>
      {state === 'failed' && (
        <Button variant="ghost" size="sm" className="h-7 px-2" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      )}
    </div>
  );
}
