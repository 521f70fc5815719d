import { FileSearch, Info } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api-client';
import { useLatestReview } from '../api/get-latest-review';
import { useRunReview } from '../api/run-review';
import { useReviewEditorSnapshot } from '../hooks/use-review-editor';
import type { ReviewEditor } from '../lib/review-editor';
import { ReviewFindings } from './review-findings';
import { ReviewProgress } from './review-progress';
import { ReviewSummary } from './review-summary';

type ReviewPanelProps = {
  documentId: number;
  editor: ReviewEditor;
  /** The tab shows: the latest review is fetched whenever it starts showing. */
  active?: boolean;
  /** 'Suggest edits', shared with the chat: Apply writes a tracked change. */
  suggest: boolean;
  onSuggestChange: (suggest: boolean) => void;
};

const EMBEDDED_ONLY = 'Select and apply work in the embedded editor.';

/** The whole-document review beside the document: run one, follow it, and work through its findings. */
export function ReviewPanel({ documentId, editor, active = true, suggest, onSuggestChange }: ReviewPanelProps) {
  const snapshot = useReviewEditorSnapshot(editor);
  const run = useRunReview(documentId);
  const running = run.isPending;
  // Not while a review runs: its result is about to replace whatever this would bring.
  const latest = useLatestReview(documentId, active && !running);
  const suggestId = useId();
  const canSelect = typeof editor.selectPassage === 'function';
  const start = () => {
    if (!running) run.mutate();
  };

  const runError = run.cancelled
    ? null
    : run.data && !run.data.ok
      ? run.data.error.message
      : run.isError
        ? errorMessage(run.error, 'The review could not be run. Try again.')
        : null;
  const review = latest.data;

  return (
    <section className="flex h-full min-h-0 flex-col bg-muted/20" aria-label="Document review">
      <div className="border-b px-3 py-3">
        <div className="flex items-center gap-2">
          <FileSearch className="size-5 text-primary" aria-hidden="true" />
          <h2 className="text-base font-semibold">Document review</h2>
        </div>
        <p className="mt-1 text-xs text-muted-foreground">Checks every paragraph against your style rules</p>
        {canSelect && (
          <div className="mt-2 flex items-center gap-2">
            <Switch id={suggestId} checked={suggest} onCheckedChange={onSuggestChange} />
            <Label htmlFor={suggestId} className="text-xs">
              Suggest edits
            </Label>
            <span className="text-xs text-muted-foreground">{suggest ? '(Apply writes a tracked change)' : ''}</span>
          </div>
        )}
      </div>
      <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-3 py-4">
        {!canSelect && (
          <p className="flex items-start gap-1.5 rounded-md bg-muted px-2 py-1.5 text-xs text-muted-foreground">
            <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            {EMBEDDED_ONLY}
          </p>
        )}
        {running ? (
          <ReviewProgress progress={run.progress} onCancel={run.cancel} />
        ) : (
          <Button className="justify-self-start" onClick={start}>
            <FileSearch aria-hidden="true" />
            Review document
          </Button>
        )}
        {runError && (
          <p className="text-sm text-destructive" role="alert">
            {runError}
          </p>
        )}
        {!running &&
          (latest.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner className="size-4" />
              Loading the latest review...
            </p>
          ) : latest.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {errorMessage(latest.error, 'The latest review could not be loaded.')}
            </p>
          ) : review ? (
            <div className="grid gap-4">
              <ReviewSummary review={review} onReviewAgain={start} running={running} />
              <ReviewFindings
                key={review.id}
                documentId={documentId}
                review={review}
                editor={editor}
                suggest={suggest}
                // Not while a change waits in the document for Accept or Discard.
                canEdit={snapshot.ready && !snapshot.readOnly && !snapshot.preview}
                canSelect={snapshot.ready}
              />
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">This document has not been reviewed yet.</p>
          ))}
      </div>
    </section>
  );
}
