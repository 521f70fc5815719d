import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type SaveConflict, SaveConflictSchema } from '@common/schemas/versions';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { type BaseCopy, saveDocumentContent } from '../api/save-document-content';
import type { EditorAdapter } from '../editor-adapter';
import { Autosaver, type SaveStatus } from '../lib/autosaver';

/** Long enough that a typist is not saving every word, short enough that little is ever lost. */
export const AUTOSAVE_DELAY_MS = 2000;

type UseAutosaveOptions = {
  adapter: Pick<EditorAdapter, 'onContentChange' | 'onSaveRequest' | 'flushChanges' | 'save'>;
  documentId: number;
  /** The version the editor opened; each save moves it on. */
  baseVersion: number;
  /** Opens the latest version in a fresh editor. */
  onReload: () => void;
};

/**
 * Saves the document a moment after the last change, on Ctrl+S and on the editor's own File >
 * Save (docs/decisions/006-merge-every-save-into-its-base.md), and warns before the tab closes while something is unsaved.
 */
export function useAutosave({ adapter, documentId, baseVersion, onReload }: UseAutosaveOptions) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>({ state: 'saved', message: null });
  /** A 409's details when the server kept this editor's save in the history beside the current version. */
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const latestConflict = useRef<SaveConflict | null>(null);
  /** The version this editor's document is based on: the one it opened, then each one it saved. */
  const base = useRef(baseVersion);
  /** 'saver' after a merged save: the base is that merge's copy of this editor's own side (save-document-content.ts). */
  const baseCopy = useRef<BaseCopy | undefined>(undefined);
  const mergedWith = useRef(0);
  const reload = useRef(onReload);
  useEffect(() => {
    reload.current = onReload;
  }, [onReload]);
  const [saver] = useState(
    () =>
      new Autosaver({
        delayMs: AUTOSAVE_DELAY_MS,
        write: async () => {
          const { merged, ...saved } = await saveDocumentContent(documentId, await adapter.save(), base.current, baseCopy.current);
          queryClient.setQueryData(queryKeys.documents.detail(documentId), saved);
          // The library lists show the new modified time and word count; an open history, the new version.
          void queryClient.invalidateQueries({ queryKey: queryKeys.documents.lists });
          void queryClient.invalidateQueries({ queryKey: queryKeys.versions.list(documentId) });
          base.current = saved.currentVersion;
          // After a merge this editor still shows its own document without the other side's
          // changes: anything typed meanwhile is saved against the merge's copy of its own side, so
          // the server merges it again rather than taking it as undoing the other side's changes.
          baseCopy.current = merged ? 'saver' : undefined;
          if (!merged) return;
          mergedWith.current = merged.with;
          return 'merged';
        },
        describe: (error) => {
          const message = errorMessage(error, 'The document could not be saved. Check your connection and try again.');
          if (!(error instanceof ApiError && error.status === 409)) return { conflict: false, message };
          const details = SaveConflictSchema.safeParse(error.details);
          latestConflict.current = details.success ? details.data : null;
          setConflict(latestConflict.current);
          return { conflict: true, kept: details.success, message };
        },
        onStatus: setStatus,
        onMerged: () => {
          toast({ title: `Your changes were merged with version ${mergedWith.current}, saved elsewhere; the document now has both.` });
          reload.current();
        },
      }),
  );

  useEffect(() => {
    const offChange = adapter.onContentChange(() => saver.markChanged());
    const offSave = adapter.onSaveRequest(() => {
      adapter.flushChanges();
      void saver.saveNow();
    });
    return () => {
      offChange();
      offSave();
      saver.dispose();
    };
  }, [adapter, saver]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      // Ours, not the browser's 'Save page as' nor the editor's own binding.
      event.preventDefault();
      event.stopPropagation();
      adapter.flushChanges();
      void saver.saveNow();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [adapter, saver]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.dirty) return;
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [saver]);

  const saveNow = useCallback(() => saver.saveNow(), [saver]);
  const isDirty = useCallback(() => saver.dirty, [saver]);
  /** The newest conflict's details, also between a save's 409 and the render it brings. */
  const getConflict = useCallback(() => latestConflict.current, []);
  /** The version the editor's document is based on: the one it opened, or the one it last saved. */
  const getBaseVersion = useCallback(() => base.current, []);
  return { status, conflict, saveNow, isDirty, getConflict, getBaseVersion };
}
