import { useEffect } from 'react';
import { useParams } from 'wouter';
import { EditorMessage } from '@web/features/editor/components/editor-message';
import { usePageTitle } from '@web/lib/use-page-title';
import { RequireUser } from '../guards/require-user';
import { AppShell } from '../layout/app-shell';
import { EditorPage, preloadEditor } from './editor-page';
import { parseDocumentId } from './parse-document-id';

/**
 * /editor-original/{id} (docs/product.md §2 reference editor): the same editor as /editor with, in place of
 * the chat, a panel for checking the channel to it by hand. Same sign-in and id rules.
 */
export function EditorOriginalRoute() {
  const { id: rawId } = useParams<{ id?: string }>();
  const id = parseDocumentId(rawId);
  usePageTitle('Reference editor');
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
          <EditorPage key={id} documentId={id} user={user} screen="original" />
        )
      }
    </RequireUser>
  );
}
