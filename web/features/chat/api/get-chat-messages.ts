import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChatMessageListSchema } from '@common/schemas/chat';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/documents/{id}/chat: the user's conversation about the document, oldest first. */
export async function getChatMessages(documentId: number) {
  return ChatMessageListSchema.parse(await apiRequest(`/api/documents/${documentId}/chat`));
}

export const chatMessagesQueryOptions = (documentId: number) =>
  queryOptions({ queryKey: queryKeys.chat.messages(documentId), queryFn: () => getChatMessages(documentId) });

export function useChatMessages(documentId: number) {
  return useQuery(chatMessagesQueryOptions(documentId));
}
