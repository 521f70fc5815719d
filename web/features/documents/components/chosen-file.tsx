import { FileText, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { formatFileSize } from '../lib/file-size';

type ChosenFileProps = { file: File; uploading: boolean; progress: number; onRemove: () => void };

/** The chosen file's name and size, a remove button, and while uploading the real progress. */
export function ChosenFile({ file, uploading, progress, onRemove }: ChosenFileProps) {
  const percent = Math.round(progress * 100);
  return (
    <div className="rounded-lg border bg-background p-3" data-testid="chosen-file">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-blue-50 text-blue-600" aria-hidden="true">
          <FileText className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={file.name}>
            {file.name}
          </p>
          <p className="text-xs text-muted-foreground">{formatFileSize(file.size)}</p>
        </div>
        <Button variant="ghost" size="icon" onClick={onRemove} disabled={uploading} aria-label={`Remove ${file.name}`}>
          <X />
        </Button>
      </div>
      {uploading && (
        <div className="mt-3 grid gap-1.5">
          <Progress value={percent} aria-label="Upload progress" />
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {/* Once every byte is sent, the server checks and reads the document before it answers. */}
            {percent < 100 ? `Uploading... ${percent}%` : 'Checking and processing the document...'}
          </p>
        </div>
      )}
    </div>
  );
}
