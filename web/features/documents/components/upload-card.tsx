import { Plus } from 'lucide-react';

/** The grid's last card: opens the upload dialog. */
export function UploadCard({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex h-48 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-input bg-background/60 p-4 text-center transition-colors outline-none hover:border-primary hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <span className="grid size-11 place-items-center rounded-full bg-primary/10 text-primary" aria-hidden="true">
        <Plus className="size-5" />
      </span>
      <span>
        <span className="block text-sm font-medium">Upload a document</span>
        <span className="mt-1 block text-xs text-muted-foreground">.docx up to 10MB</span>
      </span>
    </button>
  );
}
