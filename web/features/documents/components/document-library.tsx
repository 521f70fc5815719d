import { Archive, FileClock, FileText, SearchX, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Document, DocumentView } from '@common/schemas/documents';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useDocuments } from '../api/get-documents';
import { useMinuteTick } from '../lib/use-minute-tick';
import { type DateColumn, DocumentsTable } from './documents-table';

type DocumentLibraryProps = {
  view: DocumentView;
  /** The search text; it matches names and the documents' text. */
  query: string;
  onUpload: () => void;
  /** The row menu's 'Version history'. */
  onShowHistory?: (document: Document) => void;
};

const DATE_COLUMNS: Record<DocumentView, DateColumn> = {
  all: { label: 'Modified', value: (d) => d.processedAt ?? d.uploadedAt },
  recent: { label: 'Last opened', value: (d) => d.lastOpenedAt },
  archive: { label: 'Archived', value: (d) => d.archivedAt },
};

/** One list of the library (All Documents, Recent or Archive) with its loading, error and empty states. */
export function DocumentLibrary({ view, query, onUpload, onShowHistory }: DocumentLibraryProps) {
  const { data: documents, isPending, isError, refetch, isFetching } = useDocuments({ view, q: query });
  const searching = query.trim() !== '';
  useMinuteTick();

  if (isPending) {
    return (
      <Card className="flex items-center justify-center gap-3 py-16 text-sm text-muted-foreground" role="status">
        <Spinner />
        Loading documents...
      </Card>
    );
  }
  if (isError) {
    return (
      <EmptyState icon={<FileText />} title="Your documents could not be loaded">
        <p>Check your connection and try again.</p>
        <Button variant="outline" className="mt-4" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </EmptyState>
    );
  }
  if (documents.length === 0) {
    if (searching) {
      return (
        <EmptyState icon={<SearchX />} title={`No documents match “${query.trim()}”`}>
          <p>Search looks at document names and the text inside them.</p>
        </EmptyState>
      );
    }
    return <EmptyLibrary view={view} onUpload={onUpload} />;
  }

  return (
    <div className="grid gap-3">
      {searching && (
        <p className="text-sm text-muted-foreground" role="status">
          {documents.length} {documents.length === 1 ? 'document matches' : 'documents match'} “{query.trim()}”
        </p>
      )}
      <Card className="overflow-hidden py-1">
        <DocumentsTable documents={documents} dateColumn={DATE_COLUMNS[view]} onShowHistory={onShowHistory} />
      </Card>
    </div>
  );
}

function EmptyLibrary({ view, onUpload }: { view: DocumentView; onUpload: () => void }) {
  if (view === 'recent') {
    return (
      <EmptyState icon={<FileClock />} title="No recently opened documents">
        <p>Documents you open in the editor show up here, most recent first.</p>
      </EmptyState>
    );
  }
  if (view === 'archive') {
    return (
      <EmptyState icon={<Archive />} title="Nothing archived">
        <p>Archive a document from its menu in All Documents to put it aside. You can restore it at any time.</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={<FileText />} title="No documents uploaded">
      <p>Upload a Word document to start editing it with the assistant.</p>
      <Button className="mt-5" onClick={onUpload}>
        <Upload aria-hidden="true" />
        Upload Your First Document
      </Button>
    </EmptyState>
  );
}

function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6" aria-hidden="true">
        {icon}
      </span>
      <h3 className="mt-4 font-semibold">{title}</h3>
      <div className="mt-1 max-w-sm text-sm text-muted-foreground">{children}</div>
    </Card>
  );
}
