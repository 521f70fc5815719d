import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { usePageTitle } from '@web/lib/use-page-title';

/** SPEC 2: the third-party editor's demo page, a placeholder until the editor issue lands. */
export function DemoRoute() {
  usePageTitle('ONLYOFFICE Demo');
  return (
    <div className="flex min-h-screen flex-col bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <Button asChild variant="ghost" size="sm">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back
            </Link>
          </Button>
          <h1 className="text-lg font-semibold">ONLYOFFICE Demo</h1>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 p-4 sm:p-6">
        <Card className="grid h-full min-h-[60vh] place-items-center border-dashed">
          <CardContent className="text-center text-sm text-muted-foreground">
            The demo editor loads here once a document server is connected.
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
