import { ChevronRight, FileText } from 'lucide-react';
import { Link } from 'wouter';
import type { Document } from '@common/schemas/documents';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { relativeTime } from '@web/lib/relative-time';
import { documentEditorPath } from '../lib/document-links';
import { useMinuteTick } from '../lib/use-minute-tick';
import { DocumentStatusBadge } from './document-status-badge';

/** docs/product.md §2 Home: the first 3 documents, and 'View all' for All Documents. */
export function RecentDocumentsList({ documents, onViewAll }: { documents: Document[]; onViewAll: () => void }) {
  useMinuteTick();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-3">
        <CardTitle className="text-base">Recent Documents</CardTitle>
        <Button variant="link" size="sm" className="h-auto px-0" onClick={onViewAll}>
          View all
          <ChevronRight aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent className="px-3 pb-3">
        {documents.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">Documents you upload will be listed here.</p>
        ) : (
          <ul className="grid gap-1">
            {documents.slice(0, 3).map((document) => (
              <li key={document.id}>
                <Link
                  href={documentEditorPath(document.id)}
                  className="flex items-center gap-3 rounded-lg px-3 py-2.5 transition-colors hover:bg-muted/60"
                >
                  <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-blue-50 text-blue-600" aria-hidden="true">
                    <FileText className="size-4" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{document.originalName}</span>
                    <span className="block text-xs text-muted-foreground">Uploaded {relativeTime(document.uploadedAt).toLowerCase()}</span>
                  </span>
                  <DocumentStatusBadge status={document.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
