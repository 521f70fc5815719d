import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { User } from '@common/schemas/auth';
import type { Document } from '@common/schemas/documents';
import { SaveStatusIndicator } from '@web/features/editor/components/save-status';
import { OnlyofficeEditor } from '@web/features/editor/onlyoffice/onlyoffice-editor';
import { OnlyofficeEditorAdapter } from '@web/features/editor/onlyoffice/onlyoffice-editor-adapter';
import { useDocumentServerSaveStatus } from '@web/features/editor/onlyoffice/use-document-server-save-status';
import { queryKeys } from '@web/lib/query-keys';
import { EditorLayout, type EditorScreen } from './editor-layout';

type OnlyofficeWorkspaceProps = { screen: EditorScreen; document: Document; user: User };

/**
 * The editor screens with ONLYOFFICE Docs (decision 013). The Document Server downloads the
 * document and saves it through the server's callback, so the page neither holds nor uploads it.
 */
export function OnlyofficeWorkspace({ screen, document, user }: OnlyofficeWorkspaceProps) {
  const [adapter] = useState(() => new OnlyofficeEditorAdapter());
  const status = useDocumentServerSaveStatus(adapter);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  // The Document Server stores versions through the callback, unseen by this page: the library
  // lists (modified time, word count) are refetched once the editor is left.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }), [queryClient]);

  const goBack = () => {
    // Edits still on their way are lost with the editor's frame.
    if (adapter.isModified() && !window.confirm('ONLYOFFICE Docs has not received your latest changes yet. Leave without them?')) return;
    navigate('/');
  };

  return (
    <EditorLayout
      screen={screen}
      document={document}
      user={user}
      adapter={adapter}
      onBack={goBack}
      // Nothing here can fail or be retried: the Document Server saves and retries by itself.
      saveStatus={status && <SaveStatusIndicator status={status} onRetry={() => {}} />}
    >
      <OnlyofficeEditor adapter={adapter} source={{ documentId: document.id }} />
    </EditorLayout>
  );
}
