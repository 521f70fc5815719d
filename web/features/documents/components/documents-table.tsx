import { FileText } from 'lucide-react';
import { Link } from 'wouter';
import type { Document } from '@common/schemas/documents';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatDateTime, relativeTime } from '@web/lib/relative-time';
import { documentEditorPath } from '../lib/document-links';
import { DocumentRowMenu } from './document-row-menu';
import { DocumentStatusBadge } from './document-status-badge';

export type DateColumn = { label: string; value: (document: Document) => string | null };

/** docs/product.md §2 All Documents table: Name (original plus stored filename), a date, Status, and the row menu. */
type DocumentsTableProps = {
  documents: Document[];
  dateColumn: DateColumn;
  onShowHistory?: (document: Document) => void;
};

export function DocumentsTable({ documents, dateColumn, onShowHistory }: DocumentsTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Name</TableHead>
          <TableHead className="hidden sm:table-cell">{dateColumn.label}</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="w-12">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {documents.map((document) => (
          <DocumentRow key={document.id} document={document} date={dateColumn.value(document)} onShowHistory={onShowHistory} />
        ))}
      </TableBody>
    </Table>
  );
}

type DocumentRowProps = { document: Document; date: string | null; onShowHistory?: (document: Document) => void };

function DocumentRow({ document, date, onShowHistory }: DocumentRowProps) {
  return (
    <TableRow data-testid="document-row">
      <TableCell className="max-w-0 w-full">
        <div className="flex items-center gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-blue-50 text-blue-600" aria-hidden="true">
            <FileText className="size-4" />
          </span>
          <div className="min-w-0">
            <Link href={documentEditorPath(document.id)} className="block truncate font-medium hover:underline" title={document.originalName}>
              {document.originalName}
            </Link>
            <p className="truncate text-xs text-muted-foreground" title={document.filename}>
              {document.filename}
            </p>
            {document.status === 'error' && document.statusReason && (
              <p className="mt-0.5 text-xs text-destructive">{document.statusReason}</p>
            )}
          </div>
        </div>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
        {date ? <time dateTime={date} title={formatDateTime(date)}>{relativeTime(date)}</time> : '—'}
      </TableCell>
      <TableCell>
        <DocumentStatusBadge status={document.status} />
      </TableCell>
      <TableCell className="text-right">
        <DocumentRowMenu document={document} onShowHistory={onShowHistory} />
      </TableCell>
    </TableRow>
  );
}
