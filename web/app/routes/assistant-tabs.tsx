import { useState } from 'react';
import { ChatPanel } from '@web/features/chat/components/chat-panel';
import type { EditorAdapter } from '@web/features/editor/editor-adapter';
import { ReviewPanel } from '@web/features/review/components/review-panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';

type AssistantTabsProps = { documentId: number; adapter: EditorAdapter };
type Tab = 'chat' | 'review';

/**
 * The side panel of /editor: the assistant's chat and the whole-document review, as tabs. Both
 * stay mounted (the hidden one only hidden), so switching keeps a streaming answer, a draft or a
 * running review; 'Suggest edits' is one setting for both.
 */
export function AssistantTabs({ documentId, adapter }: AssistantTabsProps) {
  const [tab, setTab] = useState<Tab>('chat');
  const [suggest, setSuggest] = useState(false);
  const panel = 'mt-0 min-h-0 flex-1 focus-visible:ring-inset';
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="flex h-full min-h-0 flex-col">
      <TabsList className="mx-3 mt-2 grid shrink-0 grid-cols-2" aria-label="Assistant">
        <TabsTrigger value="chat">Chat</TabsTrigger>
        <TabsTrigger value="review">Review</TabsTrigger>
      </TabsList>
      <TabsContent value="chat" forceMount hidden={tab !== 'chat'} className={panel}>
        <ChatPanel documentId={documentId} editor={adapter} suggestEdits={{ suggest, onSuggestChange: setSuggest }} />
      </TabsContent>
      <TabsContent value="review" forceMount hidden={tab !== 'review'} className={panel}>
        <ReviewPanel documentId={documentId} editor={adapter} active={tab === 'review'} suggest={suggest} onSuggestChange={setSuggest} />
      </TabsContent>
    </Tabs>
  );
}
