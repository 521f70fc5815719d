import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { OnlyofficeEditor } from '@web/features/editor/onlyoffice/onlyoffice-editor';
import { OnlyofficeEditorAdapter } from '@web/features/editor/onlyoffice/onlyoffice-editor-adapter';
import { EDITOR_NAMES, editorKind } from '@web/lib/editor-kind';
import { lazyComponent } from '@web/lib/lazy-component';
import { usePageTitle } from '@web/lib/use-page-title';
import { StatusScreen } from '../layout/status-screen';

// The embedded editor's ~0.5 MB only when it is the one this server uses.
const EmbeddedDemo = lazyComponent(() => import('./embedded-demo').then((m) => m.EmbeddedDemo), <StatusScreen text="Loading editor..." />);

/**
 * docs/product.md §2 /demo: public, a Back button, and the sample document read-only in whichever editor this
 * server uses; the title is that editor's name followed by 'Demo'.
 */
export function DemoRoute() {
  const kind = editorKind();
  const title = `${EDITOR_NAMES[kind]} Demo`;
  usePageTitle(title);
  return (
    <div className="flex h-dvh flex-col bg-muted/30">
      <header className="shrink-0 border-b bg-background">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <Button asChild variant="ghost" size="sm">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back
            </Link>
          </Button>
          <h1 className="text-lg font-semibold">{title}</h1>
        </div>
      </header>
      <main className="mx-auto flex min-h-0 w-full max-w-7xl flex-1 flex-col p-4 sm:p-6">
        <div className="relative min-h-[60vh] flex-1 overflow-hidden rounded-lg border bg-background shadow-sm" data-testid="demo-editor">
          {kind === 'onlyoffice' ? (
            <OnlyofficeDemo />
          ) : (
            <EmbeddedDemo />
          )}
        </div>
      </main>
    </div>
  );
}

function OnlyofficeDemo() {
  const [adapter] = useState(() => new OnlyofficeEditorAdapter());
  return <OnlyofficeEditor adapter={adapter} source="demo" failure="note" />;
}
