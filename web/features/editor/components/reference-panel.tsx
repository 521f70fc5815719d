import { ScanText, Send } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import type { EditorAdapter } from '../editor-adapter';
import { useEditorSnapshot } from '../hooks/use-editor-snapshot';

type LogEntry = { id: number; at: Date; kind: 'Selected' | 'Sent' | 'Selection'; text: string };

/** Long sessions select a lot; the oldest entries go first. */
const MAX_ENTRIES = 200;
/** A mouse drag reports every letter it crosses; the log wants the selection the drag ended on. */
const SELECTION_SETTLE_MS = 400;

const formatTime = (at: Date) => at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * docs/product.md §2's reference editor panel: what passes between the page and the editor, for checking the
 * channel by hand. Text is selected in the document or sent to it; both are logged with the time.
 */
export function ReferencePanel({ adapter }: { adapter: EditorAdapter }) {
  const snapshot = useEditorSnapshot(adapter);
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [text, setText] = useState('');
  const nextId = useRef(0);
  const inputId = useId();
  const canUse = snapshot.ready && snapshot.pluginReady;
  const canSend = canUse && !snapshot.readOnly;

  const log = useCallback((kind: LogEntry['kind'], logged: string) => {
    nextId.current += 1;
    const entry = { id: nextId.current, at: new Date(), kind, text: logged };
    setEntries((current) => [...current.slice(1 - MAX_ENTRIES), entry]);
  }, []);

  useEffect(() => {
    let settle: ReturnType<typeof setTimeout> | undefined;
    const off = adapter.onSelectionChange((selected) => {
      clearTimeout(settle);
      if (selected) settle = setTimeout(() => log('Selected', selected), SELECTION_SETTLE_MS);
    });
    return () => {
      off();
      clearTimeout(settle);
    };
  }, [adapter, log]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    // docs/product.md §5: only text that is not blank.
    if (!text.trim() || !adapter.insertAtCaret(text)) return;
    log('Sent', text);
    setText('');
  };

  const testSelection = () => {
    const selected = adapter.checkSelection();
    log('Selection', selected || '(nothing selected)');
  };

  return (
    <aside className="flex h-full min-h-0 flex-col bg-muted/20" aria-label="Plugin communication">
      <div className="border-b px-3 py-3">
        <h2 className="text-base font-semibold">Plugin communication</h2>
        <p className="mt-1 text-xs text-muted-foreground">Text selected in the document and text sent to it, as the editor reports them.</p>
      </div>
      <ol className="min-h-0 flex-1 space-y-2 overflow-y-auto px-3 py-3" role="log" aria-label="Plugin log" data-testid="plugin-log">
        {entries.length === 0 && <li className="text-sm text-muted-foreground">Nothing yet. Select text in the document or send some to it.</li>}
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-md border bg-background px-2 py-1.5 text-sm" data-testid="plugin-log-entry">
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span className="font-medium text-foreground">{entry.kind}</span>
              <time dateTime={entry.at.toISOString()}>{formatTime(entry.at)}</time>
            </div>
            <p className="mt-0.5 break-words whitespace-pre-wrap">{entry.text}</p>
          </li>
        ))}
      </ol>
      <form className="grid gap-2 border-t px-3 py-3" onSubmit={send}>
        <Label htmlFor={inputId} className="sr-only">
          Text to insert
        </Label>
        <Input id={inputId} placeholder="Text to insert..." value={text} onChange={(event) => setText(event.target.value)} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={!canSend}>
            <Send aria-hidden="true" />
            Send to Editor
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={!canUse} onClick={testSelection}>
            <ScanText aria-hidden="true" />
            Test Selection
          </Button>
        </div>
      </form>
    </aside>
  );
}
