import { useEffect } from 'react';
import { useParams } from 'wouter';
import { EditorMessage } from '@web/features/editor/components/editor-message';
import { usePageTitle } from '@web/lib/use-page-title';
import { RequireUser } from '../guards/require-user';
import { AppShell } from '../layout/app-shell';
import { EditorPage, preloadEditor } from './editor-page';
import { parseDocumentId } from './parse-document-id';

/** /editor/{id} (docs/product.md §2): signed in only; the id must be an integer. */
export function EditorRoute() {
  const { id: rawId } = useParams<{ id?: string }>();
  const id = parseDocumentId(rawId);
  usePageTitle('Editor');
  // The editor's code downloads while the session is checked, not after.
  useEffect(() => {
    if (id !== null) preloadEditor();
  }, [id]);
  return (
    <RequireUser>
      {(user) =>
        id === null ? (
          <AppShell user={user}>
            <EditorMessage title="Invalid document ID" description="The link does not point to a document. Open one from your workspace." />
          </AppShell>
        ) : (
          <EditorPage key={id} documentId={id} user={user} screen="chat" />
        )
      }
    </RequireUser>
  );
}
