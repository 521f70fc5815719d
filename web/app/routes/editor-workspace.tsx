import { useState } from 'react';
import { useLocation } from 'wouter';
import type { User } from '@common/schemas/auth';
import type { Document } from '@common/schemas/documents';
import type { DocumentContent } from '@web/features/editor/api/get-document-content';
import { ConflictBanner } from '@web/features/editor/components/conflict-banner';
import { SaveStatusIndicator } from '@web/features/editor/components/save-status';
import { EmbeddedDocxEditor } from '@web/features/editor/embedded/embedded-docx-editor';
import { EmbeddedEditorAdapter } from '@web/features/editor/embedded/embedded-editor-adapter';
import { useAutosave } from '@web/features/editor/hooks/use-autosave';
import { EditorLayout, type EditorScreen } from './editor-layout';

type EditorWorkspaceProps = {
  screen: EditorScreen;
  document: Document;
  content: DocumentContent;
  user: User;
  /** Opens the latest version in a fresh editor (after a conflict). */
  onReload: () => void;
};

/**
 * The editor screens with the embedded editor: the page holds the document, so it saves it
 * itself (autosave, Ctrl+S, the editor's File > Save) and stops on a conflict.
 */
export function EditorWorkspace({ screen, document, content, user, onReload }: EditorWorkspaceProps) {
  const [adapter] = useState(() => new EmbeddedEditorAdapter());
  const [loadError, setLoadError] = useState<string | null>(null);
  const { status, saveNow, isDirty } = useAutosave({ adapter, documentId: document.id, baseVersion: content.version });
  const [, navigate] = useLocation();

  const goBack = async () => {
    await saveNow();
    if (isDirty() && !window.confirm('Your latest changes could not be saved. Leave without them?')) return;
    navigate('/');
  };

  return (
    <EditorLayout
      screen={screen}
      document={document}
      user={user}
      adapter={adapter}
      onBack={() => void goBack()}
      saveStatus={<SaveStatusIndicator status={status} onRetry={() => void saveNow()} />}
      banner={status.state === 'conflict' && <ConflictBanner message={status.message} onReload={onReload} />}
    >
      {loadError ? (
        <p role="alert" className="p-6 text-sm text-destructive">
          The editor could not open this document: {loadError}
        </p>
      ) : (
        <EmbeddedDocxEditor adapter={adapter} documentBuffer={content.bytes} author={user.name} onError={(error) => setLoadError(error.message)} />
      )}
    </EditorLayout>
  );
}
