import { Bot } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type ChatAction, type ChatMessage, CHAT_SELECTION_MAX, type SendChatMessageInput } from '@common/schemas/chat';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useChatMessages } from '../api/get-chat-messages';
import { INTERRUPTED_MESSAGE, useSendChatMessage } from '../api/send-chat-message';
import { useChatEditorSnapshot } from '../hooks/use-chat-editor';
import { cannedRequest } from '../lib/canned-requests';
import { changeReason } from '../lib/change-reason';
import type { ChatEditor } from '../lib/chat-editor';
import { AiOptionsCard } from './ai-options-card';
import { ChatComposer } from './chat-composer';
import { ChatMessageList } from './chat-message-list';
import { FloatingInsertButton } from './floating-insert-button';
import { SelectionTools } from './selection-tools';

type ChatPanelProps = {
  documentId: number;
  editor: ChatEditor;
  /** 'Suggest edits' held by the screen, when other panels beside the chat share it; else the chat's own. */
  suggestEdits?: { suggest: boolean; onSuggestChange: (suggest: boolean) => void };
};

/** docs/product.md §2's chat panel: the assistant beside the document, working on what is selected in it. */
export function ChatPanel({ documentId, editor, suggestEdits }: ChatPanelProps) {
  const snapshot = useChatEditorSnapshot(editor);
  const conversation = useChatMessages(documentId);
  const send = useSendChatMessage(documentId);
  const [draft, setDraft] = useState('');
  const [ownSuggest, setOwnSuggest] = useState(false);
  const suggest = suggestEdits ? suggestEdits.suggest : ownSuggest;
  const setSuggest = suggestEdits ? suggestEdits.onSuggestChange : setOwnSuggest;
  const [cardOpen, setCardOpen] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const suggestId = useId();
  // Not while a change waits in the document for Accept or Discard.
  const canEdit = snapshot.ready && snapshot.pluginReady && !snapshot.readOnly && !snapshot.preview;

  // docs/product.md §4: a non-empty selection opens the options card, an empty one closes it.
  useEffect(() => editor.onSelectionChange((text) => setCardOpen(text.trim() !== '')), [editor]);

  const submit = async (input: SendChatMessageInput) => {
    if (send.isPending || !input.content.trim()) return;
    try {
      const result = await send.mutateAsync(input);
      // A failure is normally stored as a message in the conversation; say so only if it is not.
      if (!result.ok && !result.error.chatMessage) toast({ variant: 'destructive', title: 'No answer', description: result.error.message });
    } catch (error) {
      const stored = error instanceof Error && error.message === INTERRUPTED_MESSAGE;
      // Refused before it was stored: give the text back so nothing typed is lost.
      if (!stored && !input.action) setDraft((current) => current || input.content);
      toast({ variant: 'destructive', title: 'Message not sent', description: errorMessage(error, 'The message could not be sent. Try again.') });
    }
  };

  const sendDraft = () => {
    const content = draft.trim();
    if (!content || send.isPending) return;
    setDraft('');
    const selection = snapshot.selectedText.trim().slice(0, CHAT_SELECTION_MAX);
    void submit(selection ? { content, selection } : { content });
  };

  const runAction = (action: ChatAction) => {
    setCardOpen(false);
    void submit(cannedRequest(action, snapshot.selectedText));
  };

  const messages = conversation.data ?? [];

  /**
   * No toast on success: the change shows in the document, and a toast would cover the input. An
   * editor that can preview shows the change there first, with the reason its comment will give
   * when it is a tracked change; one that cannot changes the document at once.
   */
  const apply = (answer: ChatMessage) => {
    const replace = snapshot.selectedText !== '';
    if (!editor.previewChange) {
      if (replace) editor.replaceSelection(answer.content, { suggest });
      else editor.insertAtCaret(answer.content);
      return;
    }
    const question = messages.slice(0, messages.indexOf(answer)).findLast((m) => m.role === 'user')?.content;
    const reason = changeReason({ action: answer.meta?.action, question, selection: snapshot.selectedText, answer: answer.content });
    void editor.previewChange({ kind: replace ? 'replace' : 'insert', text: answer.content, suggest, reason });
  };

  const answered = send.answerId !== null && messages.some((m) => m.id === send.answerId);
  const pending =
    send.isPending && !answered && send.variables
      ? { content: send.variables.content, streamed: send.streamed, sentAt: new Date(send.submittedAt).toISOString() }
      : null;

  return (
    <TooltipProvider>
      <aside className="flex h-full min-h-0 flex-col bg-muted/20" aria-label="AI Chat Assistant">
        <div className="border-b px-3 py-3">
          <div className="flex items-center gap-2">
            <Bot className="size-5 text-primary" aria-hidden="true" />
            <h2 className="text-base font-semibold">AI Chat Assistant</h2>
          </div>
          <p className="mt-1 text-xs text-muted-foreground">Ask questions and use "Replace Text" to update your document</p>
          <div className="mt-2 flex items-center gap-2">
            <Switch id={suggestId} checked={suggest} onCheckedChange={setSuggest} />
            <Label htmlFor={suggestId} className="text-xs">
              Suggest edits
            </Label>
            <span className="text-xs text-muted-foreground">{suggest ? '(Replace writes a tracked change)' : ''}</span>
          </div>
        </div>
        <SelectionTools snapshot={snapshot} onCheckSelection={() => setCardOpen(editor.checkSelection().trim() !== '')} showSelectedText={!cardOpen} />
        <ChatMessageList
          listRef={listRef}
          messages={messages}
          loading={conversation.isPending}
          pending={pending}
          applyMode={snapshot.selectedText ? 'replace' : 'insert'}
          applyDisabled={!canEdit}
          onApply={apply}
        />
        {conversation.isError && (
          <p className="px-3 pb-2 text-xs text-destructive" role="alert">
            {errorMessage(conversation.error, 'The conversation could not be loaded.')}
          </p>
        )}
        <AiOptionsCard open={cardOpen && snapshot.selectedText !== ''} selectedText={snapshot.selectedText} disabled={send.isPending} onAction={runAction} onClose={() => setCardOpen(false)} />
        <ChatComposer value={draft} onChange={setDraft} onSend={sendDraft} pending={send.isPending} />
        <FloatingInsertButton containerRef={listRef} disabled={!canEdit} onInsert={(text) => editor.insertAtCaret(text)} />
      </aside>
    </TooltipProvider>
  );
}
