import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useLocation } from 'wouter';
import type { User } from '@common/schemas/auth';
import type { Document } from '@common/schemas/documents';
import { ChatPanel } from '@web/features/chat/components/chat-panel';
import type { DocumentContent } from '@web/features/editor/api/get-document-content';
import { ConflictBanner } from '@web/features/editor/components/conflict-banner';
import { EditorHeader } from '@web/features/editor/components/editor-header';
import { SaveStatusIndicator } from '@web/features/editor/components/save-status';
import { EmbeddedDocxEditor } from '@web/features/editor/embedded/embedded-docx-editor';
import { EmbeddedEditorAdapter } from '@web/features/editor/embedded/embedded-editor-adapter';
import { useAutosave } from '@web/features/editor/hooks/use-autosave';

type EditorWorkspaceProps = {
  document: Document;
  content: DocumentContent;
  user: User;
  /** Opens the latest version in a fresh editor (after a conflict). */
  onReload: () => void;
};

/**
 * SPEC 2 editor screen: the header, then the document (70%, at least 30%) beside the chat (30%,
 * between 20% and 50%). The chat gets the editor only as an adapter, whatever the engine.
 */
export function EditorWorkspace({ document, content, user, onReload }: EditorWorkspaceProps) {
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
    <div className="flex h-dvh flex-col bg-background">
      <EditorHeader name={document.originalName} onBack={() => void goBack()}>
        <SaveStatusIndicator status={status} onRetry={() => void saveNow()} />
        {/* Who is editing; signing out waits for the workspace, where nothing can be left unsaved. */}
        <span className="hidden items-center gap-2 border-l pl-3 text-sm font-medium md:flex" data-testid="current-user">
          <UserRound className="size-4 text-muted-foreground" aria-hidden="true" />
          {user.name}
        </span>
      </EditorHeader>
      {status.state === 'conflict' && <ConflictBanner message={status.message} onReload={onReload} />}
      <Group orientation="horizontal" className="min-h-0 flex-1">
        <Panel id="editor" defaultSize="70" minSize="30">
          <div className="relative h-full min-w-0" data-testid="editor-pane">
            {loadError ? (
              <p role="alert" className="p-6 text-sm text-destructive">
                The editor could not open this document: {loadError}
              </p>
            ) : (
              <EmbeddedDocxEditor adapter={adapter} documentBuffer={content.bytes} author={user.name} onError={(error) => setLoadError(error.message)} />
            )}
          </div>
        </Panel>
        <Separator className="w-1 bg-border transition-colors hover:bg-primary/40 data-[separator=active]:bg-primary/60" />
        <Panel id="chat" defaultSize="30" minSize="20" maxSize="50">
          <ChatPanel documentId={document.id} editor={adapter} />
        </Panel>
      </Group>
    </div>
  );
}
