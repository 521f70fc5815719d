import type { Document } from '@common/schemas/documents';
import { relativeTime } from '@web/lib/relative-time';
import { documentEditorPath } from '../lib/document-links';
import { statusBadge } from '../lib/document-status';
import { DocumentCard } from './document-card';

/** A document of the library as a card: its upload time and status; it opens the editor. */
export function LibraryDocumentCard({ document }: { document: Document }) {
  const failed = document.status === 'error';
  return (
    <DocumentCard
      name={document.originalName}
      meta={relativeTime(document.uploadedAt)}
      label={statusBadge(document.status).label}
      labelTitle={failed ? (document.statusReason ?? undefined) : undefined}
      labelTone={failed ? 'destructive' : 'theme'}
      href={documentEditorPath(document.id)}
    />
  );
}
