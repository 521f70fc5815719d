import { X } from 'lucide-react';
import { useId } from 'react';
import type { ReviewProgress as Progressed } from '@common/schemas/review';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';

const STAGES: Record<Progressed['stage'], string> = {
  rules: 'Checking the style rules',
  model: 'Checking with the AI model',
};

/** A review under way: what it is doing, how far it got, and the way to stop it. */
export function ReviewProgress({ progress, onCancel }: { progress: Progressed | null; onCancel: () => void }) {
  const labelId = useId();
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const said = progress ? `${STAGES[progress.stage]}: ${progress.done} of ${progress.total} paragraphs` : 'Starting the review...';
  return (
    <div className="grid gap-2 rounded-md border bg-card p-3">
      <p id={labelId} className="text-sm" aria-live="polite">
        {said}
      </p>
      <Progress value={percent} aria-labelledby={labelId} getValueLabel={() => said} />
      <Button variant="outline" size="sm" className="h-8 justify-self-start" onClick={onCancel}>
        <X aria-hidden="true" />
        Cancel
      </Button>
    </div>
  );
}
