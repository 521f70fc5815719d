import { ScanText } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import type { ChatEditorSnapshot } from '../lib/chat-editor';

type SelectionToolsProps = {
  snapshot: ChatEditorSnapshot;
  onCheckSelection: () => void;
  /** The selected-text box steps aside while the options card shows the same text. */
  showSelectedText: boolean;
};

const flag = (on: boolean) => (on ? 'Yes' : 'No');

/**
 * docs/product.md §2: 'Check Selection', the note while nothing is selected, the debug block (editor ready,
 * plugin ready, selected text) and the selected-text box.
 */
export function SelectionTools({ snapshot, onCheckSelection, showSelectedText }: SelectionToolsProps) {
  const { ready, pluginReady, selectedText } = snapshot;
  return (
    <div className="grid gap-2 border-b px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" className="h-8" onClick={onCheckSelection} disabled={!ready}>
          <ScanText aria-hidden="true" />
          Check Selection
        </Button>
        {!selectedText && <span className="text-xs text-muted-foreground">Select text in the document first</span>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-md bg-muted/60 px-2 py-1.5 font-mono text-[11px] text-muted-foreground" aria-label="Debug" data-testid="editor-debug">
        <dt>Editor ready</dt>
        <dd data-testid="debug-editor-ready">{flag(ready)}</dd>
        <dt>Plugin ready</dt>
        <dd data-testid="debug-plugin-ready">{flag(pluginReady)}</dd>
        <dt>Selected text</dt>
        <dd className="truncate" data-testid="debug-selected-text" title={selectedText}>
          {selectedText ? `“${selectedText}”` : '(none)'}
        </dd>
      </dl>
      {selectedText && showSelectedText && (
        <div className="rounded-md border border-primary/30 bg-primary/5 px-2 py-1.5" data-testid="selected-text">
          <p className="text-[11px] font-medium tracking-wide text-primary uppercase">Selected text</p>
          <p className="line-clamp-3 text-sm">{selectedText}</p>
        </div>
      )}
    </div>
  );
}
