/**
 * One conversation per document and user. A send stores the user's message first, so nothing the
 * user wrote is lost whatever the model does; then it asks the model and stores its answer, or a
 * message saying what went wrong.
 */
import { type ChatMessage, type ChatMessageMeta, ChatMessageMetaSchema, type SendChatMessageInput } from '@common/schemas/chat';
import { type AiFailure, type AnswerPrompt, streamAnswer } from '../../adapters/ai/model';
import type { Deps } from '../../deps';
import { notFound } from '../../http/app-error';
import type { Actor } from '../auth/auth.service';
import * as repo from './chat.repo';
import { documentWindow } from './context';
import { buildPrompt, documentTitle, isEditAction, tidyEditAnswer } from './prompts';
import { loadDocumentText } from './text-cache';

/** Earlier messages considered for a free question's history, and how much of them to send. */
const HISTORY_MESSAGES = 12;
const HISTORY_CHARS = 8_000;

export function toChatMessage(row: repo.MessageRow): ChatMessage {
  return { id: row.id, role: row.role, content: row.content, createdAt: row.createdAt.toISOString(), meta: readMeta(row.meta) };
}

function readMeta(meta: unknown): ChatMessageMeta | null {
  const parsed = ChatMessageMetaSchema.safeParse(meta);
  return meta !== null && parsed.success ? parsed.data : null;
}

export async function listMessages(deps: Deps, actor: Actor, documentId: number): Promise<ChatMessage[]> {
  const rows = await repo.listMessages(deps.database.db, documentId, actor.id);
  if (!rows) throw notFound('Document');
  return rows.map(toChatMessage);
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
  const turn = await repo.startTurn(deps.database.db, {
    documentId,
    userId: actor.id,
    content: input.content,
    meta: input.action ? { action: input.action } : null,
    createdAt: deps.clock.now(),
    historyLimit: HISTORY_MESSAGES,
  });
  if (!turn) throw notFound('Document');

  const selection = input.selection?.trim() ? input.selection : undefined;
  const text = turn.textRevision === null ? undefined : await loadDocumentText(deps, documentId, turn.textRevision);
  const window = documentWindow(text, selection, deps.ai.limits.contextChars);
  const title = documentTitle(turn.originalName);
  const prompt = buildPrompt({ title, window, selection, action: input.action, content: input.content, history: answeredHistory(turn.history) });
  const meta: ChatMessageMeta = {
    ...(input.action ? { action: input.action } : {}),
    ...(window.coverage ? { coverage: window.coverage } : {}),
    provider: deps.ai.provider,
    model: deps.ai.modelName,
  };
  return {
    documentId,
    conversationId: turn.conversationId,
    userMessage: toChatMessage(turn.message),
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
function answeredHistory(rows: repo.HistoryRow[]): Array<{ role: 'user' | 'assistant'; content: string }> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < rows.length; i++) {
    const [q, a] = [rows[i]!, rows[i + 1]!];
    if (q.role !== 'user' || a.role !== 'assistant' || readMeta(a.meta)?.error) continue;
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
