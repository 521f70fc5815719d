import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { useStyleRules } from '../api/get-style-rules';
import { StyleRulesEditor } from './style-rules-editor';
import { StyleRulesHeader } from './style-rules-header';

/** The Style rules page (issue 16): the signed-in person's house style, edited, exported and imported. */
export function StyleRulesPage() {
  usePageTitle('Style rules');
  const rules = useStyleRules();
  // An import replaces the whole style: the form starts again from what was stored.
  const [imports, setImports] = useState(0);

  if (rules.data) {
    return (
      <div className="mx-auto w-full max-w-3xl">
        <StyleRulesEditor key={imports} rules={rules.data} onImported={() => setImports((n) => n + 1)} />
      </div>
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <StyleRulesHeader />
      {rules.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>Your style rules could not be loaded: {errorMessage(rules.error, 'check your connection and try again.')}</p>
          <Button variant="outline" size="sm" onClick={() => void rules.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading style rules...
        </p>
      )}
    </div>
  );
}
