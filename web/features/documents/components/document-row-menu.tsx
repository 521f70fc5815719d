import { Archive, Download, Ellipsis, FilePenLine, History, Trash, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Document } from '@common/schemas/documents';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { documentDownloadUrl } from '../api/download-document';
import { useSetArchived } from '../api/set-archived';
import { documentEditorPath } from '../lib/document-links';
import {
  ARCHIVE_FAILED_FALLBACK,
  ARCHIVE_FAILED_TITLE,
  RESTORE_FAILED_TITLE,
  documentArchived,
  documentRestored,
} from '../lib/document-messages';
import { DeleteDocumentDialog } from './delete-document-dialog';

type DocumentRowMenuProps = {
  document: Document;
  /** Opens the document's version history, which the workspace screen holds (features do not import each other). */
  onShowHistory?: (document: Document) => void;
};

/** docs/product.md §2's row menu: Edit, Download and Delete, plus Archive (Restore in the Archive) and Version history. */
export function DocumentRowMenu({ document, onShowHistory }: DocumentRowMenuProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const setArchived = useSetArchived();
  const archived = document.archivedAt !== null;

  // mutateAsync: the row leaves this list once the refreshed list arrives, before mutate's callbacks would run.
  const toggleArchived = async () => {
    try {
      await setArchived.mutateAsync({ id: document.id, archived: !archived });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: archived ? RESTORE_FAILED_TITLE : ARCHIVE_FAILED_TITLE,
        description: errorMessage(error, ARCHIVE_FAILED_FALLBACK),
      });
      return;
    }
    toast(archived ? documentRestored(document.originalName) : documentArchived(document.originalName));
  };

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${document.originalName}`}>
            <Ellipsis />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link href={documentEditorPath(document.id)}>
              <FilePenLine aria-hidden="true" />
              Edit
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            {/* docs/product.md §7: opened in a new tab; the attachment header turns it into a download. */}
            <a href={documentDownloadUrl(document.id)} target="_blank" rel="noopener">
              <Download aria-hidden="true" />
              Download
            </a>
          </DropdownMenuItem>
          {onShowHistory && (
            <DropdownMenuItem onSelect={() => onShowHistory(document)}>
              <History aria-hidden="true" />
              Version history
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => void toggleArchived()} disabled={setArchived.isPending}>
            {archived ? <Undo2 aria-hidden="true" /> : <Archive aria-hidden="true" />}
            {archived ? 'Restore' : 'Archive'}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirmDelete(true)}>
            <Trash aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteDocumentDialog document={document} open={confirmDelete} onOpenChange={setConfirmDelete} />
    </>
  );
}
