import { useLocation, useParams, useSearch } from 'wouter';
import { Spinner } from '@web/components/ui/spinner';
import { useDocument } from '@web/features/editor/api/get-document';
import { EditorMessage } from '@web/features/editor/components/editor-message';
import { CompareView } from '@web/features/versions/components/compare-view';
import { comparePath } from '@web/features/versions/lib/version-links';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { RequireUser } from '../guards/require-user';
import { AppShell } from '../layout/app-shell';
import { parseDocumentId } from './parse-document-id';

/** /editor/{id}/compare?from=a&to=b (issue 15): two versions of a document side by side in one list of changes. */
export function CompareRoute() {
  const { id: rawId } = useParams<{ id: string }>();
  const id = parseDocumentId(rawId);
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const from = parseDocumentId(search.get('from') ?? undefined);
  const to = parseDocumentId(search.get('to') ?? undefined);
  return (
    <RequireUser>
      {(user) => (
        <AppShell user={user}>
          {id === null ? (
            <EditorMessage title="Invalid document ID" description="The link does not point to a document. Open one from your workspace." />
          ) : (
            // Replace, not push: Back returns to the editor rather than through every pair tried.
            <Comparison id={id} from={from} to={to} onSelect={(a, b) => navigate(comparePath(id, a, b), { replace: true })} />
          )}
        </AppShell>
      )}
    </RequireUser>
  );
}

type ComparisonProps = { id: number; from: number | null; to: number | null; onSelect: (from: number, to: number) => void };

function Comparison({ id, from, to, onSelect }: ComparisonProps) {
  const document = useDocument(id);
  usePageTitle(document.data ? `Compare versions · ${document.data.originalName}` : 'Compare versions');
  if (document.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Loading document...
      </p>
    );
  }
  if (document.isError) {
    return document.error instanceof ApiError && document.error.status === 404 ? (
      <EditorMessage title="Document not found" description="It may have been deleted, or it belongs to another account." />
    ) : (
      <EditorMessage title="The document could not be opened" description={errorMessage(document.error, 'Try again in a moment.')} />
    );
  }
  return <CompareView documentId={id} documentName={document.data.originalName} from={from} to={to} onSelect={onSelect} />;
}
