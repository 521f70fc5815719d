import { CloudUpload } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { DOCX_MIME_TYPE } from '@common/limits';
import type { Document } from '@common/schemas/documents';
import { checkUploadFile } from '@common/upload-rules';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/utils';
import { useUploadDocument } from '../api/upload-document';
import { UPLOAD_FAILED_FALLBACK, UPLOAD_FAILED_TITLE, uploadSucceeded } from '../lib/document-messages';
import { ChosenFile } from './chosen-file';

type UploadPanelProps = {
  onUploaded?: (document: Document) => void;
  /** The dialog around the panel already says 'Upload Document'; a second heading would repeat it. */
  showTitle?: boolean;
};

/** docs/product.md §2 Upload panel and docs/product.md §4's states: no file, file chosen, uploading. */
export function UploadPanel({ onUploaded, showTitle = true }: UploadPanelProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadDocument();
  const uploading = upload.isPending;

  /** docs/product.md §5, in order; only the first file counts; a rejected file changes nothing but the toast. */
  const choose = (files: FileList | null | undefined) => {
    const first = files?.[0];
    if (!first || uploading) return;
    const rejection = checkUploadFile({ name: first.name, type: first.type, size: first.size });
    if (rejection) {
      toast({ variant: 'destructive', title: rejection.title, description: rejection.description });
      return;
    }
    setFile(first);
  };

  const browse = () => {
    if (!uploading) inputRef.current?.click();
  };

  // mutateAsync, not mutate's callbacks: the toasts must show even if the dialog was closed meanwhile.
  const start = async () => {
    if (!file || uploading) return;
    setProgress(0);
    try {
      const document = await upload.mutateAsync({ file, onProgress: setProgress });
      toast(uploadSucceeded(document.originalName));
      setFile(null);
      onUploaded?.(document);
    } catch (error) {
      toast({ variant: 'destructive', title: UPLOAD_FAILED_TITLE, description: errorMessage(error, UPLOAD_FAILED_FALLBACK) });
    }
  };

  return (
    <section className="grid gap-4" aria-label={showTitle ? undefined : 'Upload Document'}>
      {showTitle && <h2 className="text-lg font-semibold tracking-tight">Upload Document</h2>}
      <DropZone onFiles={choose} onBrowse={browse} disabled={uploading} />
      <input
        ref={inputRef}
        type="file"
        accept={`.docx,${DOCX_MIME_TYPE}`}
        className="hidden"
        data-testid="upload-input"
        onChange={(event) => {
          choose(event.target.files);
          // Choosing the same file again after removing it must fire a change again.
          event.target.value = '';
        }}
      />
      {file && (
        <>
          <ChosenFile file={file} uploading={uploading} progress={progress} onRemove={() => setFile(null)} />
          <div className="flex justify-end">
            <Button onClick={() => void start()} disabled={uploading}>
              {uploading ? 'Uploading...' : 'Upload Document'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

type DropZoneProps = { onFiles: (files: FileList) => void; onBrowse: () => void; disabled: boolean };

function DropZone({ onFiles, onBrowse, disabled }: DropZoneProps) {
  // Entering a child fires dragleave on the parent; counting enters and leaves keeps the highlight steady.
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);

  const over = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
  };
  const enter = (event: DragEvent) => {
    event.preventDefault();
    depth.current += 1;
    if (!disabled) setDragging(true);
  };
  const leave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (!disabled) onFiles(event.dataTransfer.files);
  };

  return (
    <div
      data-testid="drop-zone"
      data-dragging={dragging || undefined}
      onClick={onBrowse}
      onDragEnter={enter}
      onDragOver={over}
      onDragLeave={leave}
      onDrop={drop}
      className={cn(
        'flex cursor-pointer flex-col items-center rounded-xl border-2 border-dashed border-input bg-muted/30 px-6 py-10 text-center transition-colors hover:border-primary/60 hover:bg-accent/50',
        dragging && 'border-primary bg-accent ring-4 ring-primary/10',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      <span
        className={cn('grid size-12 place-items-center rounded-full bg-primary/10 text-primary transition-transform', dragging && 'scale-110')}
        aria-hidden="true"
      >
        <CloudUpload className="size-6" />
      </span>
      <p className="mt-4 font-medium">Drop your Word document here</p>
      <p className="mt-1 text-sm text-muted-foreground">or click to browse files</p>
      <Button
        type="button"
        variant="outline"
        className="mt-5"
        disabled={disabled}
        onClick={(event) => {
          event.stopPropagation();
          onBrowse();
        }}
      >
        Browse Files
      </Button>
      <p className="mt-4 text-xs text-muted-foreground">Supports .docx files up to 10MB</p>
    </div>
  );
}
