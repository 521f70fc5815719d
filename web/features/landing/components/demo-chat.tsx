import { Bot, Send, Sparkles } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import type { useDemoChat } from '../hooks/use-demo-chat';
import type { DemoSample } from '../lib/demo-samples';

type DemoChatProps = { sample: DemoSample; chat: ReturnType<typeof useDemoChat>; inputRef: RefObject<HTMLInputElement | null> };

/** docs/product.md §4's simulated assistant panel: the script's messages, an Insert/Replace button, the input. */
export function DemoChat({ sample, chat, inputRef }: DemoChatProps) {
  const inputId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const count = chat.messages.length;

  // Follow the conversation inside the panel only: the page itself must not jump.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count, chat.pending]);

  return (
    <div className="flex h-full min-h-[26rem] flex-col rounded-lg border bg-background shadow-sm">
      <div className="flex items-center gap-2 border-b px-4 py-3">
        <Bot className="size-4 text-primary" aria-hidden="true" />
        <h3 className="text-sm font-semibold">AI Assistant</h3>
      </div>
      <div ref={logRef} role="log" aria-label="Demo chat" className="flex-1 overflow-y-auto p-4 text-sm">
        <ol className="space-y-3">
          {chat.messages.map((m) => (
            <li key={m.id} className={cn('flex', m.role === 'user' && 'justify-end', m.role === 'system' && 'justify-center')}>
              {m.role === 'system' ? (
                <p className="rounded-full bg-emerald-50 px-3 py-1 text-xs font-medium text-emerald-800">{m.content}</p>
              ) : (
                <div
                  className={cn(
                    'max-w-[85%] rounded-lg px-3 py-2',
                    m.role === 'user' ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
                  )}
                >
                  <p className="sr-only">{m.role === 'user' ? 'You:' : 'Assistant:'}</p>
                  <p>{m.content}</p>
                  {m.insertable && (
                    <Button size="sm" variant="outline" className="mt-2 bg-background" disabled={chat.applied} onClick={chat.apply}>
                      <Sparkles aria-hidden="true" />
                      {sample.action}
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
          {chat.pending && (
            <li className="text-muted-foreground">
              <span role="status">Thinking...</span>
            </li>
          )}
        </ol>
      </div>
      {count === 1 && !chat.pending && (
        <div className="px-4 pb-2">
          <button
            type="button"
            className="w-full rounded-md border border-dashed px-3 py-2 text-left text-xs text-muted-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            onClick={() => chat.setInput(sample.prompt)}
          >
            Try: “{sample.prompt}”
          </button>
        </div>
      )}
      <form
        className="flex gap-2 border-t p-3"
        onSubmit={(event) => {
          event.preventDefault();
          chat.send();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Message the AI assistant
        </label>
        <input
          id={inputId}
          ref={inputRef}
          value={chat.input}
          onChange={(event) => chat.setInput(event.target.value)}
          placeholder="Ask the AI to change the text..."
          autoComplete="off"
          className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none"
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={!chat.canSend}>
          <Send aria-hidden="true" />
        </Button>
      </form>
    </div>
  );
}
