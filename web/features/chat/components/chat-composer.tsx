import { Paperclip, SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { Hint } from '@web/components/ui/tooltip';
import { VoiceButton } from './voice-button';

/** docs/product.md §9: the input grows with its text from 48 px to 120 px, then scrolls. */
const MIN_HEIGHT_PX = 48;
const MAX_HEIGHT_PX = 120;

type ChatComposerProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  pending: boolean;
};

/** docs/product.md §2: Enter sends, Shift+Enter is a new line; send is disabled when empty or pending. */
export function ChatComposer({ value, onChange, onSend, pending }: ChatComposerProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const canSend = value.trim() !== '' && !pending;

  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(Math.max(el.scrollHeight, MIN_HEIGHT_PX), MAX_HEIGHT_PX)}px`;
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an input-method composition (Japanese, Chinese) is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  const appendDictation = (text: string) => onChange(value.trim() ? `${value.trimEnd()} ${text}` : text);

  return (
    <form
      className="grid gap-2 border-t bg-background p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
    >
      <label htmlFor="chat-input" className="sr-only">
        Message the assistant
      </label>
      <textarea
        id="chat-input"
        ref={textarea}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Ask anything..."
        rows={1}
        style={{ minHeight: MIN_HEIGHT_PX, maxHeight: MAX_HEIGHT_PX }}
        className="w-full resize-none rounded-md border border-input bg-background px-3 py-3 text-sm leading-5 shadow-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
      />
      <div className="flex items-center gap-1">
        <Hint label="Attaching files is coming soon" disabled>
          <Button type="button" variant="ghost" size="icon" className="size-9" disabled aria-label="Attach files (coming soon)">
            <Paperclip aria-hidden="true" />
          </Button>
        </Hint>
        <VoiceButton onText={appendDictation} disabled={pending} />
        <Button type="submit" size="sm" className="ml-auto" disabled={!canSend} aria-label="Send message">
          <SendHorizontal aria-hidden="true" />
          Send
        </Button>
      </div>
    </form>
  );
}
