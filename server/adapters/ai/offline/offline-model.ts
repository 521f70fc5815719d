import {
  InvalidArgumentError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import { z } from 'zod';
import { ChatActionSchema } from '@common/schemas/chat';
import { type OfflineRequest, runOfflineAction } from './engine';
import { countTokens } from './sentences';

/** What the chat passes as `providerOptions.redraft`; other providers ignore it. */
const RedraftOptionsSchema = z.object({
  action: z.union([ChatActionSchema, z.literal('question')]).optional(),
  selection: z.string().optional(),
  question: z.string().optional(),
  documentText: z.string().optional(),
});

const TEXT_ID = 'text-0';
/** About a millisecond of the AI SDK's stream work between two turns of the event loop. */
const YIELD_EVERY_PARTS = 16;
const STOP: LanguageModelV3FinishReason = { unified: 'stop', raw: undefined };

/** How the engine's answer is computed: in the server's work pool, or (by default, for unit tests) right here. */
export type OfflineAnswer = (request: OfflineRequest) => Promise<string>;

/**
 * The offline writing engine as an AI SDK language model, so the chat runs the same
 * `streamText` code whichever provider is configured. It reads the action from
 * `providerOptions.redraft` (or, without it, answers the last user message as a question about
 * no document) and streams the engine's answer word by word.
 */
export function createOfflineModel(answer: OfflineAnswer = async (request) => runOfflineAction(request)): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'redraft',
    modelId: 'offline-engine',
    supportedUrls: {},
    async doGenerate(options) {
      const request = toRequest(options);
      const text = await answer(request);
      return { content: [{ type: 'text', text }], finishReason: STOP, usage: usage(request, text), warnings: warnings(options) };
    },
    async doStream(options) {
      const request = toRequest(options);
      const text = await answer(request);
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: warnings(options) },
        { type: 'text-start', id: TEXT_ID },
        ...wordChunks(text).map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: TEXT_ID, delta })),
        { type: 'text-end', id: TEXT_ID },
      ];
      // Counted when the answer has gone out: for a question, usage reads the whole document.
      const finish = (): LanguageModelV3StreamPart => ({ type: 'finish', finishReason: STOP, usage: usage(request, text) });
      const signal = options.abortSignal;
      let sent = 0;
      // Nothing is queued ahead (high-water mark 0): each read makes one part, so an abort stops the
      // answer at the next word.
      const source: UnderlyingDefaultSource<LanguageModelV3StreamPart> = {
        async pull(controller) {
          // Reads chain through promises only, so a long answer would hold the event loop until
          // its last word: every few words, other requests get their turn.
          if (sent > 0 && sent % YIELD_EVERY_PARTS === 0) await new Promise((resolve) => setImmediate(resolve));
          if (signal?.aborted) return controller.error(signal.reason);
          const next = sent < parts.length ? parts[sent] : sent === parts.length ? finish() : undefined;
          sent++;
          if (next) controller.enqueue(next);
          else controller.close();
        },
      };
      return { stream: new ReadableStream(source, { highWaterMark: 0 }) };
    },
  };
}

function toRequest(options: LanguageModelV3CallOptions): OfflineRequest {
  const raw = options.providerOptions?.redraft;
  const lastMessage = lastUserText(options.prompt);
  if (raw === undefined) return { action: 'question', text: '', question: lastMessage, documentText: '' };
  const parsed = RedraftOptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const message = `providerOptions.redraft is not what the offline engine expects:\n${z.prettifyError(parsed.error)}`;
    throw new InvalidArgumentError({ argument: 'providerOptions.redraft', message });
  }
  const { action = 'question', selection, question, documentText = '' } = parsed.data;
  if (action === 'question') return { action, text: '', question: question ?? lastMessage, documentText };
  // Summarize without a selection summarises the document; the edits need text to work on.
  const text = selection ?? (action === 'summarize' ? '' : (question ?? lastMessage));
  return { action, text, documentText };
}

function lastUserText(prompt: LanguageModelV3Prompt): string {
  const message = prompt.findLast((m) => m.role === 'user');
  if (!message || message.role !== 'user') return '';
  return message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

/** Word by word, each with the whitespace after it, so the pieces join back to the exact text. */
function wordChunks(text: string): string[] {
  return text.split(/(?<=\s)(?=\S)/).filter(Boolean);
}

// The engine has no tokenizer: the words it read and wrote stand in for tokens, so usage totals
// stay meaningful.
function usage(request: OfflineRequest, output: string): LanguageModelV3Usage {
  const { action, text, question = '', documentText = '' } = request;
  // Counted, not split into words: a question reads the whole document, ~1M characters for 300 pages.
  const read =
    action === 'question' ? countTokens(question) + countTokens(documentText) : countTokens(action === 'summarize' && !text.trim() ? documentText : text);
  const written = countTokens(output);
  return {
    inputTokens: { total: read, noCache: read, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: written, text: written, reasoning: 0 },
  };
}

function warnings(options: LanguageModelV3CallOptions): SharedV3Warning[] {
  const found: SharedV3Warning[] = [];
  if (options.tools?.length) found.push({ type: 'unsupported', feature: 'tools', details: 'The offline engine does not call tools.' });
  if (options.responseFormat?.type === 'json') {
    found.push({ type: 'unsupported', feature: 'responseFormat', details: 'The offline engine answers in plain text.' });
  }
  return found;
}
