import { useState } from 'react';
import type { User } from '@common/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useDocuments } from '@web/features/documents/api/get-documents';
import { DocumentCard } from '@web/features/documents/components/document-card';
import { DocumentLibrary } from '@web/features/documents/components/document-library';
import { LibraryDocumentCard } from '@web/features/documents/components/library-document-card';
import { RecentDocumentsList } from '@web/features/documents/components/recent-documents-list';
import { UploadCard } from '@web/features/documents/components/upload-card';
import { UploadDialog } from '@web/features/documents/components/upload-dialog';
import { useMinuteTick } from '@web/features/documents/lib/use-minute-tick';
import { type TemplateCardModel, useTemplateCards } from '@web/features/templates/lib/use-template-cards';
import { VersionHistorySheet } from '@web/features/versions/components/version-history-sheet';
import { CardSkeleton, HomeView } from '@web/features/workspace/components/home-view';
import { SharedView } from '@web/features/workspace/components/shared-view';
import { ViewHeader } from '@web/features/workspace/components/view-header';
import { WorkspaceShell } from '@web/features/workspace/components/workspace-shell';
import { firstName } from '@web/features/workspace/lib/greeting';
import { useDebouncedValue } from '@web/features/workspace/lib/use-debounced-value';
import { isLibraryView, LIBRARY_VIEWS, VIEW_LABELS, type WorkspaceView } from '@web/features/workspace/lib/workspace-views';
import { relativeTime } from '@web/lib/relative-time';

const SEARCH_DEBOUNCE_MS = 250;
/** docs/product.md §9: the Home grid holds 3 documents or templates, plus the upload card. */
const HOME_CARDS = 3;

const LIBRARY_DESCRIPTIONS: Partial<Record<WorkspaceView, string>> = {
  documents: 'Every document in your library, newest first.',
  recent: 'Documents you opened in the editor, most recent first.',
  archive: 'Documents you put aside. Restore one to bring it back to All Documents.',
};

/** docs/product.md §2 Workspace screen: composes the library, the templates and the workspace shell. */
export function WorkspaceRoute({ user }: { user: User }) {
  const [view, setView] = useState<WorkspaceView>('home');
  const [search, setSearch] = useState('');
  const [uploadOpen, setUploadOpen] = useState(false);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const openUpload = () => setUploadOpen(true);

  // A search lists documents, so typing one on a view without a list moves to All Documents.
  const changeSearch = (value: string) => {
    setSearch(value);
    if (value.trim() !== '' && !isLibraryView(view)) setView('documents');
  };

  const libraryView = LIBRARY_VIEWS[view];
  return (
    <WorkspaceShell view={view} onSelectView={setView} search={search} onSearchChange={changeSearch} onNew={openUpload}>
      {view === 'home' && <Home user={user} onUpload={openUpload} onViewAll={() => setView('documents')} />}
      {libraryView && (
        <div className="grid gap-4">
          <ViewHeader title={VIEW_LABELS[view]} description={LIBRARY_DESCRIPTIONS[view] ?? ''} />
          <DocumentLibrary view={libraryView} query={query} onUpload={openUpload} onShowHistory={(document) => setHistoryOf(document.id)} />
        </div>
      )}
      {view === 'templates' && <Templates />}
      {view === 'shared' && (
        <div className="grid gap-4">
          <ViewHeader title={VIEW_LABELS.shared} description="Documents other people share with you." />
          <SharedView />
        </div>
      )}
      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
      {historyOf !== null && <VersionHistorySheet documentId={historyOf} open onOpenChange={(open) => !open && setHistoryOf(null)} />}
    </WorkspaceShell>
  );
}

function Home({ user, onUpload, onViewAll }: { user: User; onUpload: () => void; onViewAll: () => void }) {
  const documents = useDocuments({ view: 'all' });
  const list = documents.data ?? [];
  const hasDocuments = list.length > 0;
  const loading = documents.isPending;
  useMinuteTick();

  return (
    <HomeView
      firstName={firstName(user.name)}
      cardsTitle={loading ? null : hasDocuments ? 'Recent Files' : 'Start with a Template'}
      cards={
        <>
          {loading && Array.from({ length: HOME_CARDS }, (_, i) => <CardSkeleton key={i} />)}
          {hasDocuments && list.slice(0, HOME_CARDS).map((document) => <LibraryDocumentCard key={document.id} document={document} />)}
          {!loading && !hasDocuments && <TemplateCards limit={HOME_CARDS} />}
          <UploadCard onClick={onUpload} />
        </>
      }
      recentDocuments={<RecentDocumentsList documents={list} onViewAll={onViewAll} />}
    />
  );
}

/** `withDescription`: the Templates view says what each template holds under its card. */
function TemplateCards({ limit, withDescription = false }: { limit?: number; withDescription?: boolean }) {
  const { cards, isLoading, isError, retry } = useTemplateCards({ limit });
  if (isLoading) return Array.from({ length: limit ?? HOME_CARDS }, (_, i) => <CardSkeleton key={i} />);
  if (isError) {
    return (
      <Card className="col-span-full flex flex-wrap items-center justify-between gap-3 p-4 text-sm text-muted-foreground">
        The templates could not be loaded.
        <Button variant="outline" size="sm" onClick={retry}>
          Try again
        </Button>
      </Card>
    );
  }
  if (!withDescription) return cards.map((card) => <TemplateCard key={card.key} card={card} />);
  return cards.map((card) => (
    <div key={card.key} className="grid content-start gap-2">
      <TemplateCard card={card} />
      {card.description && <p className="px-1 text-sm text-muted-foreground">{card.description}</p>}
    </div>
  ));
}

function TemplateCard({ card }: { card: TemplateCardModel }) {
  return (
    <DocumentCard
      name={card.name}
      meta={card.createdAt ? relativeTime(card.createdAt) : 'Coming soon'}
      label={card.busy ? 'Creating...' : 'Template'}
      onClick={card.open}
      disabled={card.busy}
    />
  );
}

function Templates() {
  return (
    <div className="grid gap-4">
      <ViewHeader
        title="Templates"
        description="Start from a structured document. Choosing one adds your own copy to All Documents."
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TemplateCards withDescription />
      </div>
    </div>
  );
}
