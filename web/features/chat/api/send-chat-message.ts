import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import {
  type ChatErrorEvent,
  ChatErrorEventSchema,
  type ChatMessage,
  ChatMessageSchema,
  ChatTokenEventSchema,
  type SendChatMessageInput,
} from '@common/schemas/chat';
import { apiResponse } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export type ChatTurnResult = { ok: true; message: ChatMessage } | { ok: false; error: ChatErrorEvent };

/** The stream closed without its final event: the connection dropped mid-answer. */
export const INTERRUPTED_MESSAGE = 'The answer was cut off: the connection to Redraft was lost. Your message was kept; try again.';

/**
 * POST /api/documents/{id}/chat with `Accept: text/event-stream` (docs/product.md §7, docs/decisions/006-merge-every-save-into-its-base.md): `token`
 * events while the answer is written, then `done` (the stored answer) or `error` (the stored
 * message saying what failed). Failures before the stream opens (validation, 404) are ApiErrors,
 * made by the api-client's rules. An event the stream ends inside of, without its blank line,
 * is not an event (the SSE standard): the answer was cut off.
 */
export async function sendChatMessage(
  documentId: number,
  input: SendChatMessageInput,
  { onToken, signal }: { onToken: (text: string) => void; signal?: AbortSignal },
): Promise<ChatTurnResult> {
  const response = await apiResponse(`/api/documents/${documentId}/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(input),
    signal,
  });
  if (!response.body) throw new Error(INTERRUPTED_MESSAGE);

  let result: ChatTurnResult | null = null;
  const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await events.read();
      if (done) break;
      const { event, data } = value;
      if (event === 'token') onToken(ChatTokenEventSchema.parse(JSON.parse(data)).text);
      else if (event === 'done') result = { ok: true, message: ChatMessageSchema.parse(JSON.parse(data)) };
      else if (event === 'error') result = { ok: false, error: ChatErrorEventSchema.parse(JSON.parse(data)) };
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(INTERRUPTED_MESSAGE, { cause: error });
  }
  if (!result) throw new Error(INTERRUPTED_MESSAGE);
  return result;
}

/**
 * Sends a message and exposes the answer as it streams. The mutation stays pending until the
 * refreshed conversation has arrived, so the streamed answer hands over to the stored one
 * without a gap.
 */
export function useSendChatMessage(documentId: number) {
  const queryClient = useQueryClient();
  const [streamed, setStreamed] = useState('');
  // The stored answer's id: once the refreshed list holds it, the streamed copy steps aside.
  const [answerId, setAnswerId] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (input: SendChatMessageInput) => {
      setStreamed('');
      setAnswerId(null);
      const result = await sendChatMessage(documentId, input, { onToken: (text) => setStreamed((sofar) => sofar + text) });
      setAnswerId(result.ok ? result.message.id : (result.error.chatMessage?.id ?? null));
      return result;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.chat.messages(documentId) }),
  });
  return { ...mutation, streamed, answerId };
}
