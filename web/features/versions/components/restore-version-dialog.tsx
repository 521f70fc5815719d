import { useState } from 'react';
import type { Document } from '@common/schemas/documents';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useRestoreVersion } from '../api/restore-version';

type RestoreVersionDialogProps = {
  documentId: number;
  /** The version to restore; null keeps the dialog closed. */
  version: number | null;
  /** The current version the history listed: if another has been stored since, the server refuses the restore. */
  current: number;
  /**
   * The version the page's own document is based on once `beforeRestore` ran (the editor saves
   * there): seen as current too, even before the list shows it.
   */
  savedVersion?: () => number;
  onClose: () => void;
  /** Runs first; false stops the restore (the editor could not save what it holds). */
  beforeRestore?: () => Promise<boolean>;
  onRestored?: (document: Document) => void;
};

/** A restore is a new version, so nothing is lost; it still replaces what everyone opens next, hence the question. */
export function RestoreVersionDialog({ documentId, version, current, savedVersion, onClose, beforeRestore, onRestored }: RestoreVersionDialogProps) {
  const restore = useRestoreVersion();
  const [preparing, setPreparing] = useState(false);
  const pending = preparing || restore.isPending;

  const confirm = async () => {
    if (version === null) return;
    if (beforeRestore) {
      setPreparing(true);
      const ready = await beforeRestore().finally(() => setPreparing(false));
      if (!ready) return;
    }
    let document: Document;
    try {
      document = await restore.mutateAsync({ documentId, version, current: Math.max(current, savedVersion?.() ?? 0) });
    } catch (error) {
      toast({ variant: 'destructive', title: `Version ${version} could not be restored`, description: errorMessage(error, 'Try again in a moment.') });
      return;
    }
    onClose();
    toast({ title: `Version ${version} restored as version ${document.currentVersion}.` });
    onRestored?.(document);
  };

  return (
    <AlertDialog open={version !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Restore version {version}?</AlertDialogTitle>
          <AlertDialogDescription>
            Its content becomes a new current version. Every version stays in the history, so you can go back to any of them.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending}
            onClick={(event) => {
              // Radix would close at once; the dialog waits for the answer instead.
              event.preventDefault();
              void confirm();
            }}
          >
            {pending ? 'Restoring...' : 'Restore'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
