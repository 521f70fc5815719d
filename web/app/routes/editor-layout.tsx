import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import type { User } from '@common/schemas/auth';
import type { Document } from '@common/schemas/documents';
import type { EditorAdapter } from '@web/features/editor/editor-adapter';
import { EditorHeader } from '@web/features/editor/components/editor-header';
import { ReadyBadges } from '@web/features/editor/components/ready-badges';
import { ReferencePanel } from '@web/features/editor/components/reference-panel';
import { AssistantTabs } from './assistant-tabs';

/** /editor (the assistant's chat beside the document) or /editor-original (the plugin channel's log). */
export type EditorScreen = 'chat' | 'original';

type EditorLayoutProps = {
  screen: EditorScreen;
  document: Document;
  user: User;
  adapter: EditorAdapter;
  onBack: () => void;
  /** The header's save indicator. */
  saveStatus: ReactNode;
  /** The header's way into the document's version history. */
  history?: ReactNode;
  /** A bar under the header, e.g. a save conflict. */
  banner?: ReactNode;
  /** The editor itself. */
  children: ReactNode;
};

/**
 * docs/product.md §2 editor screens, whatever the engine: the header, then the document (70%, at least 30%)
 * beside a side panel (30%, between 20% and 50%: the Chat and Review tabs, or the plugin log) that
 * gets the editor only as an adapter.
 */
export function EditorLayout({ screen, document, user, adapter, onBack, saveStatus, history, banner, children }: EditorLayoutProps) {
  const original = screen === 'original';
  return (
    <div className="flex h-dvh flex-col bg-background">
      <EditorHeader name={original ? `${document.originalName} (Original)` : document.originalName} onBack={onBack}>
        {original && <ReadyBadges adapter={adapter} />}
        {saveStatus}
        {history}
        {/* Who is editing; signing out waits for the workspace, where nothing can be left unsaved. */}
        <span className="hidden items-center gap-2 border-l pl-3 text-sm font-medium md:flex" data-testid="current-user">
          <UserRound className="size-4 text-muted-foreground" aria-hidden="true" />
          {user.name}
        </span>
      </EditorHeader>
      {banner}
      <Group orientation="horizontal" className="min-h-0 flex-1">
        <Panel id="editor" defaultSize="70" minSize="30">
          <div className="relative h-full min-w-0" data-testid="editor-pane">
            {children}
          </div>
        </Panel>
        <Separator className="w-1 bg-border transition-colors hover:bg-primary/40 data-[separator=active]:bg-primary/60" />
        <Panel id={original ? 'log' : 'chat'} defaultSize="30" minSize="20" maxSize="50">
          {original ? <ReferencePanel adapter={adapter} /> : <AssistantTabs documentId={document.id} adapter={adapter} />}
        </Panel>
      </Group>
    </div>
  );
}
