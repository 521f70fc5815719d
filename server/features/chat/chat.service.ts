/**
 * One conversation per document and user. A send stores the user's message first, so nothing the
 * user wrote is lost whatever the model does; then it asks the model and stores its answer, or a
 * message saying what went wrong.
 */
import { type ChatMessage, type ChatMessageMeta, ChatMessageMetaSchema, type SendChatMessageInput } from '@common/schemas/chat';
import { type AiFailure, type AnswerPrompt, streamAnswer } from '../../adapters/ai/model';
import type { Deps } from '../../deps';
import type { Actor } from '../auth/auth.service';
import { getDocument } from '../documents/documents.service';
import * as repo from './chat.repo';
import { documentWindow } from './context';
import { buildPrompt, documentTitle, isEditAction, tidyEditAnswer } from './prompts';

/** Earlier messages considered for a free question's history, and how much of them to send. */
const HISTORY_MESSAGES = 12;
const HISTORY_CHARS = 8_000;

export function toChatMessage(row: repo.MessageRow): ChatMessage {
  const meta = ChatMessageMetaSchema.safeParse(row.meta);
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    meta: row.meta !== null && meta.success ? meta.data : null,
  };
}

export async function listMessages(deps: Deps, actor: Actor, documentId: number): Promise<ChatMessage[]> {
  await getDocument(deps, actor, documentId);
  const conversationId = await repo.findConversationId(deps.database.db, documentId, actor.id);
  if (conversationId === undefined) return [];
  return (await repo.listMessages(deps.database.db, conversationId)).map(toChatMessage);
}

/** A user's message, stored, with everything needed to ask the model about it. */
export type Turn = {
  documentId: number;
  conversationId: number;
  userMessage: ChatMessage;
  prompt: AnswerPrompt;
  meta: ChatMessageMeta;
  selection: string | undefined;
  edit: boolean;
};

/** Checks the document is the caller's (404 otherwise), stores the message and builds the prompt. */
export async function startTurn(deps: Deps, actor: Actor, documentId: number, input: SendChatMessageInput): Promise<Turn> {
  const db = deps.database.db;
  const doc = await getDocument(deps, actor, documentId);
  const conversationId = await repo.ensureConversationId(db, documentId, actor.id);
  const history = await repo.recentMessages(db, conversationId, HISTORY_MESSAGES);
  const userRow = await repo.insertMessage(db, {
    conversationId,
    role: 'user',
    content: input.content,
    meta: input.action ? { action: input.action } : null,
    createdAt: deps.clock.now(),
  });

  const selection = input.selection?.trim() ? input.selection : undefined;
  const plainText = await repo.documentText(db, documentId);
  const window = documentWindow(plainText, selection, deps.ai.limits.contextChars);
  const title = documentTitle(doc.originalName);
  const prompt = buildPrompt({ title, window, selection, action: input.action, content: input.content, history: answeredHistory(history) });
  const meta: ChatMessageMeta = {
    ...(input.action ? { action: input.action } : {}),
    ...(window.coverage ? { coverage: window.coverage } : {}),
    provider: deps.ai.provider,
    model: deps.ai.modelName,
  };
  return {
    documentId,
    conversationId,
    userMessage: toChatMessage(userRow),
    prompt: {
      ...prompt,
      redraft: {
        question: input.content,
        documentText: window.plainText,
        ...(input.action ? { action: input.action } : {}),
        ...(selection ? { selection } : {}),
      },
    },
    meta,
    selection,
    edit: isEditAction(input.action),
  };
}

export type TurnResult = { message: ChatMessage; failure?: AiFailure };

/** Asks the model, passing each piece of the answer to `onToken`, and stores the outcome. */
export async function answerTurn(
  deps: Deps,
  turn: Turn,
  options: { onToken?: (text: string) => void; signal?: AbortSignal } = {},
): Promise<TurnResult> {
  const started = Date.now();
  const outcome = await streamAnswer(deps.ai, turn.prompt, options);
  const log = { documentId: turn.documentId, provider: deps.ai.provider, ms: Date.now() - started };
  let content: string;
  let meta: ChatMessageMeta = turn.meta;
  if (outcome.ok) {
    content = turn.edit && turn.selection ? tidyEditAnswer(outcome.text, turn.selection) : outcome.text.trim();
    deps.log.info(log, 'chat answered');
  } else {
    content = outcome.failure.message;
    meta = { ...meta, error: { code: outcome.failure.code } };
    deps.log.warn({ ...log, code: outcome.failure.code, err: describeCause(outcome.failure.cause) }, 'chat answer failed');
  }
  const row = await repo.insertMessage(deps.database.db, {
    conversationId: turn.conversationId,
    role: 'assistant',
    content,
    meta,
    createdAt: deps.clock.now(),
  });
  const message = toChatMessage(row);
  return outcome.ok ? { message } : { message, failure: outcome.failure };
}

/**
 * Questions with the answers they got, within a budget, most recent kept. Failed answers and the
 * questions they leave unanswered are skipped: the user is likely asking again right now.
 */
function answeredHistory(rows: repo.MessageRow[]): Array<{ role: 'user' | 'assistant'; content: string }> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < rows.length; i++) {
    const [q, a] = [rows[i]!, rows[i + 1]!];
    if (q.role !== 'user' || a.role !== 'assistant' || toChatMessage(a).meta?.error) continue;
    pairs.push([q.content, a.content]);
    i++;
  }
  const kept: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  let used = 0;
  for (const [q, a] of pairs.reverse()) {
    used += q.length + a.length;
    if (used > HISTORY_CHARS) break;
    kept.unshift({ role: 'user', content: q }, { role: 'assistant', content: a });
  }
  return kept;
}

/** The log gets what failed and where, not the request body (the document text) the error object carries. */
function describeCause(cause: unknown) {
  if (!(cause instanceof Error)) return cause === undefined ? undefined : String(cause);
  const status = (cause as { statusCode?: unknown }).statusCode;
  const url = (cause as { url?: unknown }).url;
  return { name: cause.name, message: cause.message, status, url: typeof url === 'string' ? withoutCredentials(url) : undefined };
}

function withoutCredentials(url: string): string | undefined {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return undefined;
  }
}
