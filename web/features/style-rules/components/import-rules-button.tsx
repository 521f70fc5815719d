import { Upload } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useImportStyleRules } from '../api/import-style-rules';

type ImportRulesButtonProps = {
  onImported: (fileName: string) => void;
  /** The sentence to show: the server names the line of anything wrong in the file. */
  onFailed: (message: string) => void;
};

/** Picks a style rules file and sends it as it is; the rules change only if all of it is good. */
export function ImportRulesButton({ onImported, onFailed }: ImportRulesButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const importRules = useImportStyleRules();

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after fixing it is a change too.
    event.target.value = '';
    if (!file) return;
    try {
      await importRules.mutateAsync(await file.text());
      onImported(file.name);
    } catch (error) {
      onFailed(`${file.name} was not imported, and nothing was changed. ${errorMessage(error, 'Try again in a moment.')}`);
    }
  };

  return (
    <>
      <input ref={inputRef} type="file" accept=".json,application/json,text/plain" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void chosen(e)} />
      <Button type="button" variant="outline" disabled={importRules.isPending} onClick={() => inputRef.current?.click()}>
        <Upload aria-hidden="true" />
        {importRules.isPending ? 'Importing...' : 'Import'}
      </Button>
    </>
  );
}
