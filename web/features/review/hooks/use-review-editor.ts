import { useCallback, useSyncExternalStore } from 'react';
import type { ReviewEditor, ReviewEditorSnapshot } from '../lib/review-editor';

/** The editor's ready and read-only flags, re-rendering whenever they change. */
export function useReviewEditorSnapshot(editor: ReviewEditor): ReviewEditorSnapshot {
  // Called through the object, so an adapter's methods need not be bound.
  const subscribe = useCallback((listener: () => void) => editor.subscribe(listener), [editor]);
  const getSnapshot = useCallback(() => editor.getSnapshot(), [editor]);
  return useSyncExternalStore(subscribe, getSnapshot);
}
