import type { ChatAction, SendChatMessageInput } from '@common/schemas/chat';

/** The six actions of the 'AI Editing Options' card, in the card's order (docs/product.md §2). */
export const CARD_ACTIONS: ReadonlyArray<{ action: ChatAction; label: string; request: string }> = [
  { action: 'explain', label: 'Explain', request: 'Explain this text' },
  { action: 'rewrite', label: 'Rewrite', request: 'Rewrite this text' },
  { action: 'improve', label: 'Improve', request: 'Improve this text' },
  { action: 'simplify', label: 'Simplify', request: 'Simplify this text' },
  { action: 'summarize', label: 'Summarize', request: 'Summarize this text' },
  { action: 'proofread', label: 'Proofread', request: 'Proofread this text' },
];

/**
 * The chat shows the request with the text quoted; a long selection is shortened there (the
 * whole of it goes in `selection`, which is what the model works on).
 */
const QUOTE_MAX = 600;

export function cannedRequest(action: ChatAction, selection: string): SendChatMessageInput {
  const entry = CARD_ACTIONS.find((a) => a.action === action);
  const text = selection.trim();
  const quoted = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX).trimEnd()}…` : text;
  return { content: `${entry?.request ?? action}: "${quoted}"`, action, selection: text };
}
