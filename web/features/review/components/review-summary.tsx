import { CircleAlert, History, RefreshCw } from 'lucide-react';
import type { Review } from '@common/schemas/review';
import { Button } from '@web/components/ui/button';
import { coverageLine, droppedLine, partialReason } from '../lib/findings';

type ReviewSummaryProps = { review: Review; onReviewAgain: () => void; running: boolean };

/** What a review read and what it could not: the coverage line is always there, a partial one most of all. */
export function ReviewSummary({ review, onReviewAgain, running }: ReviewSummaryProps) {
  const partial = partialReason(review);
  const dropped = droppedLine(review.dropped);
  return (
    <div className="grid gap-2 text-sm">
      {review.stale && (
        <div className="grid gap-2 rounded-md border border-warning/60 bg-warning/10 p-2" data-testid="review-stale">
          <p className="flex gap-1.5">
            <History className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            This review was made on version {review.version}; the document has changed since.
          </p>
          <Button variant="outline" size="sm" className="h-8 justify-self-start" onClick={onReviewAgain} disabled={running}>
            <RefreshCw aria-hidden="true" />
            Review again
          </Button>
        </div>
      )}
      <p className="font-medium" data-testid="review-coverage">
        {coverageLine(review)}
      </p>
      {partial && <p className="text-muted-foreground">{partial}</p>}
      {review.failures.length > 0 && (
        <div className="rounded-md border border-destructive/40 bg-destructive/5 p-2">
          <p className="flex items-center gap-1.5 font-medium">
            <CircleAlert className="size-4 text-destructive" aria-hidden="true" />
            What went wrong
          </p>
          <ul className="mt-1 list-disc pl-5 text-xs">
            {review.failures.map((failure, index) => (
              <li key={index}>{failure}</li>
            ))}
          </ul>
        </div>
      )}
      {dropped && <p className="text-xs text-muted-foreground">{dropped}</p>}
    </div>
  );
}
