import { useSyncExternalStore } from 'react';
import type { SaveStatus } from '../lib/autosaver';
import type { OnlyofficeEditorAdapter } from './onlyoffice-editor-adapter';

const SAVING: SaveStatus = { state: 'saving', message: 'ONLYOFFICE Docs is receiving your latest changes.' };
const SAVED: SaveStatus = { state: 'saved', message: null };

/**
 * The header's save status with ONLYOFFICE Docs, which saves by itself: its editor says when this
 * user has edits not yet sent to it (`onDocumentStateChange`), and nothing here can fail or retry.
 * Null when the page cannot tell (the adapter's `saveState`): no status is shown rather than a
 * 'Saved' beside a note saying the document did not open or may not be saved.
 */
export function useDocumentServerSaveStatus(adapter: OnlyofficeEditorAdapter): SaveStatus | null {
  const state = useSyncExternalStore(adapter.onSaveStateChange, adapter.saveState);
  if (state === 'unknown') return null;
  return state === 'saving' ? SAVING : SAVED;
}
