import { ArrowLeft, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Hint, TooltipProvider } from '@web/components/ui/tooltip';

type EditorHeaderProps = {
  name: string;
  onBack: () => void;
  /** The save indicator and anything else on the right. */
  children?: ReactNode;
};

/** docs/product.md §2: a back button (tooltip 'Back to documents', to /) and the document's original name. */
export function EditorHeader({ name, onBack, children }: EditorHeaderProps) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b bg-background px-3 sm:px-4">
      <TooltipProvider>
        <Hint label="Back to documents" side="bottom">
          <Button variant="ghost" size="icon" aria-label="Back to documents" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
          </Button>
        </Hint>
      </TooltipProvider>
      <FileText className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <h1 className="min-w-0 truncate text-base font-semibold" title={name}>
        {name}
      </h1>
      <div className="ml-auto flex shrink-0 items-center gap-3">{children}</div>
    </header>
  );
}
