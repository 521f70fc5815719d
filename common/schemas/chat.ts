import { z } from 'zod';

export const CHAT_MESSAGE_MAX = 8000;
export const CHAT_SELECTION_MAX = 20_000;

/** The six actions of the 'AI Editing Options' card (docs/product.md §2). */
export const ChatActionSchema = z.enum(['explain', 'rewrite', 'improve', 'simplify', 'summarize', 'proofread']);
export type ChatAction = z.infer<typeof ChatActionSchema>;

/** Actions whose answer replaces the selection in the document, so it is the new text and nothing else. */
export const EDIT_ACTIONS: readonly ChatAction[] = ['rewrite', 'improve', 'simplify', 'proofread'];
/** Actions that make no sense without selected text (summarize alone summarizes the document). */
const NEEDS_SELECTION: readonly ChatAction[] = [...EDIT_ACTIONS, 'explain'];

export const SendChatMessageSchema = z
  .strictObject({
    content: z
      .string('Message must be text')
      .trim()
      .min(1, 'Message cannot be empty')
      .max(CHAT_MESSAGE_MAX, `Message must be at most ${CHAT_MESSAGE_MAX} characters`),
    action: ChatActionSchema.optional(),
    selection: z
      .string('Selection must be text')
      .max(CHAT_SELECTION_MAX, `Selected text must be at most ${CHAT_SELECTION_MAX} characters`)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action && NEEDS_SELECTION.includes(v.action) && !v.selection?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['selection'], message: `Select the text to ${v.action} first` });
    }
  });
export type SendChatMessageInput = z.infer<typeof SendChatMessageSchema>;

/** Which paragraphs of the document the model was shown, 1-based and inclusive: 'Read paragraphs 12–40 of 212'. */
export const ChatCoverageSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  total: z.number().int(),
});
export type ChatCoverage = z.infer<typeof ChatCoverageSchema>;

/** Why an answer failed; the message content then says it in words. */
export const ChatFailureCodeSchema = z.enum([
  'ai_timeout',
  'ai_unreachable',
  'ai_error',
  'ai_interrupted',
  'ai_empty',
  'ai_cancelled',
  'ai_failed',
]);
export type ChatFailureCode = z.infer<typeof ChatFailureCodeSchema>;

export const ChatMessageMetaSchema = z.object({
  action: ChatActionSchema.optional(),
  coverage: ChatCoverageSchema.optional(),
  /** Present when the assistant message reports a failure instead of an answer: never offer to insert it. */
  error: z.object({ code: ChatFailureCodeSchema }).optional(),
  provider: z.string().optional(),
  model: z.string().optional(),
});
export type ChatMessageMeta = z.infer<typeof ChatMessageMetaSchema>;

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: z.string(),
  meta: ChatMessageMetaSchema.nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatMessageListSchema = z.array(ChatMessageSchema);

/**
 * Server-sent events of POST /api/documents/:id/chat with `Accept: text/event-stream`:
 * any number of `token`, then exactly one of `done` (the stored assistant message: a ChatMessage)
 * or `error`.
 */
export const ChatTokenEventSchema = z.object({ text: z.string() });
export const ChatErrorEventSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** The stored assistant message describing the failure; absent only if even storing it failed. */
  chatMessage: ChatMessageSchema.optional(),
});
export type ChatErrorEvent = z.infer<typeof ChatErrorEventSchema>;
