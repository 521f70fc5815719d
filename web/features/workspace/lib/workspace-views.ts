import type { DocumentView } from '@common/schemas/documents';

/** docs/product.md §4: the workspace's views. */
export type WorkspaceView = 'home' | 'documents' | 'templates' | 'recent' | 'shared' | 'archive';

export const VIEW_LABELS: Record<WorkspaceView, string> = {
  home: 'Home',
  documents: 'All Documents',
  templates: 'Templates',
  recent: 'Recent',
  shared: 'Shared with me',
  archive: 'Archive',
};

/** The views that list documents, and the server list each one asks for; search filters these. */
export const LIBRARY_VIEWS: Partial<Record<WorkspaceView, DocumentView>> = {
  documents: 'all',
  recent: 'recent',
  archive: 'archive',
};

export const isLibraryView = (view: WorkspaceView) => LIBRARY_VIEWS[view] !== undefined;
