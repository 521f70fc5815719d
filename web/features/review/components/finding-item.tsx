import { ArrowRightLeft, Ban, Check, CircleAlert, X } from 'lucide-react';
import { useId } from 'react';
import type { Finding } from '@common/schemas/review';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';

type FindingItemProps = {
  finding: Finding;
  /** Selects the passage in the document; absent when the editor cannot (ONLYOFFICE). */
  onSelect?: () => void;
  /** Absent when the editor cannot apply, or the finding has no replacement. */
  onApply?: () => void;
  onDismiss: () => void;
  /** Apply needs the document editable; select needs it open. */
  canEdit: boolean;
  canSelect: boolean;
  /** Why the last select or apply did nothing ('This passage has changed since the review.'). */
  note?: string;
};

const PARTS: Record<string, string> = { header: 'header', footer: 'footer', footnotes: 'footnote', endnotes: 'endnote' };

/** One finding: where, the passage, why, what instead; and its state, in words as well as grey. */
export function FindingItem({ finding, onSelect, onApply, onDismiss, canEdit, canSelect, note }: FindingItemProps) {
  const reasonId = useId();
  const { paragraph, quote, reason, replacement, status } = finding;
  const settled = status !== 'open';
  const part = PARTS[paragraph.part];
  const where = (
    <>
      <span className="block text-xs">
        <span className="font-medium text-foreground">Paragraph {paragraph.number}</span>
        {part && <span className="text-muted-foreground"> ({part})</span>}
        <span className="text-muted-foreground"> · {paragraph.start}</span>
      </span>
      {/* White space is shown as it is, between quotation marks: a double space is a finding too. */}
      <span className="mt-1 block text-sm break-words whitespace-pre-wrap">
        “<mark className={cn('rounded-sm bg-warning/20 text-foreground', status === 'dismissed' && 'line-through')}>{quote}</mark>”
      </span>
    </>
  );
  return (
    <li className={cn('grid gap-1.5 rounded-md border bg-card p-2', settled && 'opacity-60')} data-testid="finding" data-status={status}>
      {onSelect ? (
        <button
          type="button"
          className="rounded text-left outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none"
          onClick={onSelect}
          disabled={!canSelect}
          aria-describedby={reasonId}
        >
          {where}
        </button>
      ) : (
        <div>{where}</div>
      )}
      <p id={reasonId} className="text-xs text-muted-foreground">
        {reason}
      </p>
      {replacement !== null && (
        <p className="text-xs">
          <span className="text-muted-foreground">Suggested: </span>
          {replacement === '' ? (
            <span>delete the passage</span>
          ) : (
            <span className="whitespace-pre-wrap">
              “<ins className="rounded-sm bg-success/15 no-underline">{replacement}</ins>”
            </span>
          )}
        </p>
      )}
      {note && (
        <p className="flex items-start gap-1 text-xs text-destructive" role="status">
          <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {note}
        </p>
      )}
      <div className="flex items-center gap-2">
        {settled ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium" data-testid="finding-status">
            {status === 'applied' ? <Check className="size-3.5" aria-hidden="true" /> : <Ban className="size-3.5" aria-hidden="true" />}
            {status === 'applied' ? 'Applied' : 'Dismissed'}
          </span>
        ) : (
          <>
            {onApply && (
              <Button variant="outline" size="sm" className="h-7 px-2 text-xs" onClick={onApply} disabled={!canEdit}>
                <ArrowRightLeft aria-hidden="true" />
                Apply
              </Button>
            )}
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={onDismiss}>
              <X aria-hidden="true" />
              Dismiss
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
