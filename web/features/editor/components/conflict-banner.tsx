import { TriangleAlert } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * A save was refused because the document changed elsewhere (another tab, another device).
 * Saving stops; reloading opens the latest version, and the edits made here since the last
 * save are lost, which the message says.
 */
export function ConflictBanner({ message, onReload }: { message: string | null; onReload: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-destructive/30 bg-destructive/10 px-4 py-2 text-sm">
      <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {message ?? 'This document was changed elsewhere. Reload it to get the latest version; your unsaved changes are not stored.'}
      </p>
      <Button size="sm" variant="destructive" onClick={onReload}>
        Reload
      </Button>
    </div>
  );
}
