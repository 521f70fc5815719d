import { MessagesSquare } from 'lucide-react';
import { type RefObject, useEffect } from 'react';
import type { ChatMessage } from '@common/schemas/chat';
import { Spinner } from '@web/components/ui/spinner';
import { type ApplyMode, ChatMessageItem } from './chat-message-item';

type ChatMessageListProps = {
  listRef: RefObject<HTMLDivElement | null>;
  messages: ChatMessage[];
  loading: boolean;
  /** The message being sent and the answer so far, while a send is pending. */
  pending: { content: string; streamed: string; sentAt: string } | null;
  applyMode: ApplyMode;
  applyDisabled: boolean;
  /** Replace or Insert of an answer. */
  onApply: (message: ChatMessage) => void;
};

export function ChatMessageList({ listRef, messages, loading, pending, applyMode, applyDisabled, onApply }: ChatMessageListProps) {
  // Follow the conversation: the newest message, and the answer as it streams in.
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [listRef, messages.length, pending?.streamed, pending?.content]);

  return (
    <div ref={listRef} className="min-h-0 flex-1 overflow-y-auto px-3 py-4" aria-label="Conversation" role="region">
      {loading ? (
        <div className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          Loading conversation...
        </div>
      ) : messages.length === 0 && !pending ? (
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
          <MessagesSquare className="size-8 text-muted-foreground/60" aria-hidden="true" />
          <p>Ask a question about the document, or select text in it to explain, rewrite, improve, simplify, summarize or proofread.</p>
        </div>
      ) : null}
      <ol className="flex flex-col gap-4" aria-live="polite">
        {messages.map((m) => (
          <ChatMessageItem
            key={m.id}
            role={m.role}
            content={m.content}
            createdAt={m.createdAt}
            meta={m.meta}
            apply={m.role === 'assistant' && !m.meta?.error ? { mode: applyMode, disabled: applyDisabled, onApply: () => onApply(m) } : undefined}
          />
        ))}
        {pending && <ChatMessageItem role="user" content={pending.content} createdAt={pending.sentAt} />}
        {pending?.streamed && <ChatMessageItem role="assistant" content={pending.streamed} />}
      </ol>
      {pending && (
        <p className="mt-3 flex items-center gap-2 text-xs text-muted-foreground" role="status">
          <span className="flex gap-0.5" aria-hidden="true">
            <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
          </span>
          Assistant is typing...
        </p>
      )}
    </div>
  );
}
