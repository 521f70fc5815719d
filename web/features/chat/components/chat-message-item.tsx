import { ArrowRightLeft, Bot, CircleAlert, FileInput, UserRound } from 'lucide-react';
import type { ChatMessage } from '@common/schemas/chat';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { coverageLabel } from '../lib/coverage';

export type ApplyMode = 'replace' | 'insert';

type ChatMessageItemProps = {
  role: ChatMessage['role'];
  content: string;
  /** ISO time; absent while the message is still being written. */
  createdAt?: string;
  meta?: ChatMessage['meta'];
  /** The Replace/Insert button; absent on the user's messages, failures and unfinished answers. */
  apply?: { mode: ApplyMode; disabled: boolean; onApply: () => void };
};

export const formatTime = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** One entry of the conversation: 'You' or 'Assistant', its time, and for an answer what it read. */
export function ChatMessageItem({ role, content, createdAt, meta, apply }: ChatMessageItemProps) {
  const mine = role === 'user';
  const failed = Boolean(meta?.error);
  // A failure read nothing worth reporting.
  const coverage = failed ? null : coverageLabel(meta?.coverage);
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')} data-testid="chat-message" data-role={role}>
      <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
        {mine ? <UserRound className="size-3.5" aria-hidden="true" /> : <Bot className="size-3.5" aria-hidden="true" />}
        <span className="font-medium text-foreground">{mine ? 'You' : 'Assistant'}</span>
        {createdAt && <time dateTime={createdAt}>{formatTime(createdAt)}</time>}
      </div>
      <div
        className={cn(
          'max-w-[92%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap',
          mine ? 'bg-primary text-primary-foreground' : 'border bg-card',
          failed && 'border-destructive/40 bg-destructive/5',
        )}
        data-message-content=""
      >
        {failed && <CircleAlert className="mr-1.5 inline size-4 align-[-3px] text-destructive" aria-label="Failed" />}
        {content}
      </div>
      {(coverage || apply) && (
        <div className="flex items-center gap-2">
          {apply && (
            <Button variant="outline" size="sm" className="h-7 px-2 text-xs" disabled={apply.disabled} onClick={apply.onApply}>
              {apply.mode === 'replace' ? <ArrowRightLeft aria-hidden="true" /> : <FileInput aria-hidden="true" />}
              {apply.mode === 'replace' ? 'Replace' : 'Insert'}
            </Button>
          )}
          {coverage && <span className="text-xs text-muted-foreground">{coverage}</span>}
        </div>
      )}
    </li>
  );
}
