/**
 * Every TanStack Query key of the web app, `[feature, ...params]` (docs/architecture.md: one way to do each thing). One module,
 * because a mutation invalidates what it changes wherever that is shown: the editor's save and a
 * template's use change the documents lists, which features may not import from each other.
 * A key is the prefix of the keys under it, so invalidating `all` refreshes every one of them.
 */
import type { DocumentView } from '@common/schemas/documents';

export const queryKeys = {
  auth: {
    user: ['auth', 'user'],
  },
  documents: {
    all: ['documents'],
    lists: ['documents', 'list'],
    list: (view: DocumentView, q: string) => ['documents', 'list', view, q],
    // Under the documents key too, so a change anywhere in the library refreshes the open document.
    detail: (id: number) => ['documents', 'detail', id],
    content: (id: number) => ['documents', 'content', id],
  },
  versions: {
    // Under documents, so a save, a restore or any change to the library refreshes the history shown.
    list: (documentId: number) => ['documents', 'versions', documentId],
    // Versions are never rewritten, so a comparison of two of them never goes stale.
    comparison: (documentId: number, from: number, to: number) => ['versions', 'compare', documentId, from, to],
  },
  chat: {
    messages: (documentId: number) => ['chat', documentId],
  },
  review: {
    // Not under documents: a save must not refetch it (that would run into a review under way);
    // the Review tab asks again whenever it is shown.
    latest: (documentId: number) => ['review', documentId],
  },
  editor: {
    config: (id: number) => ['editor', 'config', id],
    callbackStatus: (id: number, key: string) => ['editor', 'callback-status', id, key],
    demoConfig: ['editor', 'demo', 'config'],
    demoDocument: ['editor', 'demo', 'document'],
  },
  tasks: {
    all: ['tasks'],
    list: ['tasks', 'list'],
    assignees: ['tasks', 'assignees'],
  },
  businessModel: {
    items: ['business-model', 'items'],
  },
  templates: {
    all: ['templates'],
    list: ['templates', 'list'],
  },
} as const;

/** Keys of the mutations a screen asks about (`isMutating`), in the same scheme. */
export const mutationKeys = {
  moveTask: ['tasks', 'move'],
  moveCanvasItem: ['business-model', 'move'],
} as const;
