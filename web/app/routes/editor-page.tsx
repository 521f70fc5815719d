/**
 * The editor screens' data states (docs/product.md §2): loading, not found, not processed yet, then the
 * workspace. This part is light; the workspace, with the editor in it, is a lazy chunk, one per
 * engine, so a server with ONLYOFFICE Docs never sends the embedded editor's code.
 */
import { type ComponentProps, useState } from 'react';
import type { User } from '@common/schemas/auth';
import { Button } from '@web/components/ui/button';
import { useDocument } from '@web/features/editor/api/get-document';
import { useDocumentContent } from '@web/features/editor/api/get-document-content';
import { EditorMessage } from '@web/features/editor/components/editor-message';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { editorKind } from '@web/lib/editor-kind';
import { lazyComponent } from '@web/lib/lazy-component';
import { usePageTitle } from '@web/lib/use-page-title';
import { AppShell } from '../layout/app-shell';
import { StatusScreen } from '../layout/status-screen';
import type { EditorScreen } from './editor-layout';

// The embedded editor is ~0.5 MB gzip of JavaScript (docs/editor.md): only editor routes load it.
const loading = <StatusScreen text="Loading document..." />;
const EditorWorkspace = lazyComponent(() => import('./editor-workspace').then((m) => m.EditorWorkspace), loading);
const OnlyofficeWorkspace = lazyComponent(() => import('./onlyoffice-workspace').then((m) => m.OnlyofficeWorkspace), loading);

/**
 * Starts fetching the editor's code at once, so it downloads while the session and the document
 * are fetched rather than after them. Idempotent: the module loader keeps the one promise.
 */
export function preloadEditor() {
  void (editorKind() === 'onlyoffice' ? OnlyofficeWorkspace : EditorWorkspace).preload();
}

type EditorPageProps = { documentId: number; user: User; screen: EditorScreen };

export function EditorPage({ documentId, user, screen }: EditorPageProps) {
  const onlyoffice = editorKind() === 'onlyoffice';
  const documentQuery = useDocument(documentId);
  const doc = documentQuery.data;
  const processed = doc?.status === 'complete';
  // ONLYOFFICE Docs downloads the document itself; the page never holds its bytes.
  const content = useDocumentContent(documentId, processed && !onlyoffice);
  // Bumped by 'Reload' after a conflict: a fresh editor on the latest version.
  const [opened, setOpened] = useState(0);
  const suffix = screen === 'original' ? ' (Original)' : '';
  usePageTitle(doc ? `${doc.originalName}${suffix}` : 'Editor');

  if (documentQuery.isPending) return <StatusScreen text="Loading document..." />;
  if (documentQuery.isError) {
    if (documentQuery.error instanceof ApiError && documentQuery.error.status === 404) {
      return <Message user={user} title="Document not found" description="It may have been deleted, or it belongs to another account." />;
    }
    return (
      <Message user={user} title="The document could not be opened" description={errorMessage(documentQuery.error, 'Try again in a moment.')}>
        <Button onClick={() => void documentQuery.refetch()}>Try again</Button>
      </Message>
    );
  }
  if (!doc) return <StatusScreen text="Loading document..." />;
  if (!processed) {
    const failed = doc.status === 'error';
    return (
      <Message
        user={user}
        title={failed ? 'This document cannot be edited' : 'This document is still being processed'}
        description={failed ? (doc.statusReason ?? 'Processing it failed.') : 'It opens in the editor as soon as processing is complete.'}
      >
        {!failed && <Button onClick={() => void documentQuery.refetch()}>Check again</Button>}
      </Message>
    );
  }
  if (onlyoffice) {
    return <OnlyofficeWorkspace screen={screen} document={doc} user={user} />;
  }
  if (content.isPending || content.isFetching) return <StatusScreen text="Loading document..." />;
  if (content.isError) {
    return (
      <Message user={user} title="The document could not be opened" description={errorMessage(content.error, 'Try again in a moment.')}>
        <Button onClick={() => void content.refetch()}>Try again</Button>
      </Message>
    );
  }

  const reload = () => {
    setOpened((n) => n + 1);
    void documentQuery.refetch();
    void content.refetch();
  };
  return <EditorWorkspace key={`${content.data.version}:${opened}`} screen={screen} document={doc} content={content.data} user={user} onReload={reload} />;
}

/** A reason the editor cannot open, on the ordinary signed-in screen with the top bar. */
function Message({ user, ...props }: { user: User } & ComponentProps<typeof EditorMessage>) {
  return (
    <AppShell user={user}>
      <EditorMessage {...props} />
    </AppShell>
  );
}
