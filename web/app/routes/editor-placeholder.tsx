import { ArrowLeft, FileText } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { usePageTitle } from '@web/lib/use-page-title';
import { parseDocumentId } from './parse-document-id';

type EditorPlaceholderProps = { rawId: string | undefined; title: string };

/** Stands in for the editor screens until their issue lands; already checks the id (SPEC 2). */
export function EditorPlaceholder({ rawId, title }: EditorPlaceholderProps) {
  const id = parseDocumentId(rawId);
  usePageTitle(title);
  return (
    <Card className="mx-auto mt-6 max-w-xl">
      <CardHeader>
        <span className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary" aria-hidden="true">
          <FileText className="size-5" />
        </span>
        <h1 className="mt-2 text-xl font-semibold">{id === null ? 'Invalid document ID' : `${title}: document ${id}`}</h1>
        <CardDescription>
          {id === null
            ? 'The link does not point to a document. Open one from your workspace.'
            : 'The editor with the AI assistant opens here in an upcoming update.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            Back to documents
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
