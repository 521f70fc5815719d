import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { User } from '@common/schemas/auth';
import type { Document } from '@common/schemas/documents';
import { toast } from '@web/components/ui/use-toast';
import type { DocumentContent } from '@web/features/editor/api/get-document-content';
import { ConflictBanner } from '@web/features/editor/components/conflict-banner';
import { SaveStatusIndicator } from '@web/features/editor/components/save-status';
import { EmbeddedDocxEditor } from '@web/features/editor/embedded/embedded-docx-editor';
import { EmbeddedEditorAdapter } from '@web/features/editor/embedded/embedded-editor-adapter';
import { useAutosave } from '@web/features/editor/hooks/use-autosave';
import { useRestoreVersion } from '@web/features/versions/api/restore-version';
import { VersionHistoryButton } from '@web/features/versions/components/version-history-button';
import { comparePath } from '@web/features/versions/lib/version-links';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { EditorLayout, type EditorScreen } from './editor-layout';

type EditorWorkspaceProps = {
  screen: EditorScreen;
  document: Document;
  content: DocumentContent;
  user: User;
  /** Opens the latest version in a fresh editor (after a conflict, a merge or a restore). */
  onReload: () => void;
};

/**
 * The editor screens with the embedded editor: the page holds the document, so it saves it
 * itself (autosave, Ctrl+S, the editor's File > Save), reopens after a merged save, and on a
 * conflict makes the editor read-only and offers the ways out of it.
 */
export function EditorWorkspace({ screen, document, content, user, onReload }: EditorWorkspaceProps) {
  const [adapter] = useState(() => new EmbeddedEditorAdapter());
  const [loadError, setLoadError] = useState<string | null>(null);
  const { status, conflict, saveNow, isDirty, getConflict, getBaseVersion } = useAutosave({
    adapter,
    documentId: document.id,
    baseVersion: content.version,
    onReload,
  });
  const restore = useRestoreVersion();
  const [, navigate] = useLocation();
  // Reported once everything typed is saved (autosaver.ts): from here on nothing may be typed,
  // nor inserted by the assistant, until the person chooses.
  const readOnly = status.state === 'conflict';
  useEffect(() => {
    adapter.setReadOnly(readOnly);
  }, [adapter, readOnly]);

  /** Saves before the editor is left or replaced; false when the person would rather stay than lose edits. */
  const settle = async () => {
    await saveNow();
    // After a conflict, what was typed is in the history too (the versions the server kept).
    if (!isDirty()) return true;
    return window.confirm('Your latest changes could not be saved. Leave without them?');
  };

  const goBack = async () => {
    if (await settle()) navigate('/');
  };

  const keepMine = async () => {
    if (!(await settle())) return;
    // The newest kept version: a save of what was typed meanwhile may have been kept after the banner's.
    const kept = getConflict();
    if (!kept) return;
    try {
      const restored = await restore.mutateAsync({ documentId: document.id, version: kept.conflictVersion, current: kept.currentVersion });
      toast({ title: `Version ${kept.conflictVersion} restored as version ${restored.currentVersion}.` });
    } catch (error) {
      const movedOn = error instanceof ApiError && error.status === 409;
      toast({ variant: 'destructive', title: 'Your version could not be kept', description: errorMessage(error, 'Try again in a moment.') });
      // Another version was stored since the conflict: open it; the kept version stays in the history.
      if (movedOn) onReload();
      return;
    }
    onReload();
  };

  const leaveFor = (go: () => void) => void settle().then((ok) => ok && go());
  const choices = conflict && {
    conflict,
    onCompare: () => leaveFor(() => navigate(comparePath(document.id, conflict.currentVersion, conflict.conflictVersion))),
    onKeepMine: () => void keepMine(),
    keeping: restore.isPending,
  };

  return (
    <EditorLayout
      screen={screen}
      document={document}
      user={user}
      adapter={adapter}
      onBack={() => void goBack()}
      saveStatus={<SaveStatusIndicator status={status} onRetry={() => void saveNow()} keptAs={conflict?.conflictVersion} />}
      history={<VersionHistoryButton documentId={document.id} beforeLeave={settle} savedVersion={getBaseVersion} onRestored={onReload} />}
      banner={readOnly && <ConflictBanner message={status.message} onReload={() => (choices ? leaveFor(onReload) : onReload())} choices={choices} />}
    >
      {loadError ? (
        <p role="alert" className="p-6 text-sm text-destructive">
          The editor could not open this document: {loadError}
        </p>
      ) : (
        <div className="h-full" data-testid="editor-frame" inert={readOnly} aria-disabled={readOnly || undefined}>
          <EmbeddedDocxEditor adapter={adapter} documentBuffer={content.bytes} author={user.name} onError={(error) => setLoadError(error.message)} />
        </div>
      )}
    </EditorLayout>
  );
}
