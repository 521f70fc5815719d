import { useSyncExternalStore } from 'react';
import type { SaveStatus } from '../lib/autosaver';
import type { OnlyofficeEditorAdapter } from './onlyoffice-editor-adapter';

const SAVING: SaveStatus = { state: 'saving', message: 'ONLYOFFICE Docs is receiving your latest changes.' };
const SAVED: SaveStatus = { state: 'saved', message: null };

/**
 * The header's save status with ONLYOFFICE Docs, which saves by itself: its editor says when this
 * user has edits not yet sent to it (`onDocumentStateChange`), and nothing here can fail or retry.
 */
export function useDocumentServerSaveStatus(adapter: OnlyofficeEditorAdapter): SaveStatus {
  return useSyncExternalStore(adapter.onModifiedChange, () => (adapter.isModified() ? SAVING : SAVED));
}
