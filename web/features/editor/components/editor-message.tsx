import { ArrowLeft, FileWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';

type EditorMessageProps = {
  title: string;
  description?: string;
  /** Further actions beside 'Back to documents'. */
  children?: ReactNode;
};

/**
 * Why the editor cannot open (docs/product.md §2: 'Invalid document ID', 'Document not found'; also a document
 * still being processed, or one whose processing failed). Light on purpose: the route shows it
 * before the editor's code has loaded. The screen around it (top bar) is the app's.
 */
export function EditorMessage({ title, description, children }: EditorMessageProps) {
  return (
    <Card className="mx-auto mt-6 w-full max-w-xl">
        <CardHeader>
          <span className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary" aria-hidden="true">
            <FileWarning className="size-5" />
          </span>
          <h1 className="mt-2 text-xl font-semibold">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back to documents
            </Link>
          </Button>
          {children}
        </CardContent>
    </Card>
  );
}
