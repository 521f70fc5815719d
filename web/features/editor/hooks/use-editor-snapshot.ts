import { useCallback, useSyncExternalStore } from 'react';
import type { EditorAdapter, EditorSnapshot } from '../editor-adapter';

/** The editor's ready flags and selection, re-rendering whenever they change. */
export function useEditorSnapshot(adapter: EditorAdapter): EditorSnapshot {
  const subscribe = useCallback((listener: () => void) => adapter.subscribe(listener), [adapter]);
  const getSnapshot = useCallback(() => adapter.getSnapshot(), [adapter]);
  return useSyncExternalStore(subscribe, getSnapshot);
}
