import { useCallback, useSyncExternalStore } from 'react';
import type { ChatEditor, ChatEditorSnapshot } from '../lib/chat-editor';

/** The editor's ready flags and selection, re-rendering whenever they change. */
export function useChatEditorSnapshot(editor: ChatEditor): ChatEditorSnapshot {
  // Called through the object, so an adapter's methods need not be bound.
  const subscribe = useCallback((listener: () => void) => editor.subscribe(listener), [editor]);
  const getSnapshot = useCallback(() => editor.getSnapshot(), [editor]);
  return useSyncExternalStore(subscribe, getSnapshot);
}
