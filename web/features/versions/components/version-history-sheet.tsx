import { type MouseEvent, useState } from 'react';
import { useLocation } from 'wouter';
import type { Document } from '@common/schemas/documents';
import { Button } from '@web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@web/components/ui/sheet';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useVersions } from '../api/get-versions';
import { comparePath, compareTargets } from '../lib/version-links';
import { RestoreVersionDialog } from './restore-version-dialog';
import { VersionRow } from './version-row';

export type VersionHistorySheetProps = {
  documentId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Runs before Compare leaves the page or Restore replaces the document; false stops it. The
   * editor saves here, so neither loses what was typed.
   */
  beforeLeave?: () => Promise<boolean>;
  /** The version the editor's document is based on (after `beforeLeave`, the one it saved there); absent outside the editor. */
  savedVersion?: () => number;
  /** After a restore: the editor reopens on the new version. */
  onRestored?: (document: Document) => void;
};

/** Issue 15's history: every version of the document, newest first, in a panel on the right. */
export function VersionHistorySheet({ documentId, open, onOpenChange, beforeLeave, savedVersion, onRestored }: VersionHistorySheetProps) {
  const versions = useVersions(documentId, open);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [, navigate] = useLocation();

  const compare = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    if (!beforeLeave) return; // the link navigates by itself
    event.preventDefault();
    void beforeLeave().then((ok) => ok && navigate(path));
  };

  const list = versions.data ?? [];
  const current = list.find((version) => version.current)?.version ?? 0;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="right-0 left-auto w-full max-w-md border-r-0 border-l sm:w-[28rem]">
        <div className="grid gap-1 pr-8">
          <SheetTitle className="text-lg font-semibold">Version history</SheetTitle>
          <SheetDescription className="text-sm text-muted-foreground">Every saved version of this document, newest first. Nothing here is ever overwritten.</SheetDescription>
        </div>
        {versions.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Loading versions...
          </p>
        )}
        {versions.isError && (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>The history could not be loaded: {errorMessage(versions.error, 'check your connection and try again.')}</p>
            <Button variant="outline" size="sm" onClick={() => void versions.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {list.length > 0 && (
          <ol aria-label="Versions" className="grid">
            {list.map((version) => {
              const targets = compareTargets(list, version);
              return (
                <VersionRow
                  key={version.version}
                  documentId={documentId}
                  version={version}
                  comparePath={targets && comparePath(documentId, targets.from, targets.to)}
                  onCompare={compare}
                  onRestore={() => setRestoring(version.version)}
                />
              );
            })}
          </ol>
        )}
      </SheetContent>
      <RestoreVersionDialog
        documentId={documentId}
        version={restoring}
        current={current}
        savedVersion={savedVersion}
        onClose={() => setRestoring(null)}
        beforeRestore={beforeLeave}
        onRestored={onRestored}
      />
    </Sheet>
  );
}
