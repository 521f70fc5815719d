import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepare, rawStatement, statements } from '../../db/prepared';
import { chatMessages, conversations, documents } from '../../db/schema';

const messageColumns = {
  id: chatMessages.id,
  role: chatMessages.role,
  content: chatMessages.content,
  meta: chatMessages.meta,
  createdAt: chatMessages.createdAt,
};
export type MessageRow = { id: number; role: 'user' | 'assistant'; content: string; meta: unknown; createdAt: Date };
export type HistoryRow = Pick<MessageRow, 'role' | 'content' | 'meta'>;

/** The ownership check and the conversation's messages in one statement (GET .../chat). */
const messagesOfDocument = prepare<{ documentId: number } & { [K in keyof MessageRow]: MessageRow[K] | null }, 'documentId' | 'userId'>(
  'chat_messages_of_document',
  { documentId: documents.id, ...messageColumns },
  statements
    .select({ documentId: documents.id, ...messageColumns })
    .from(documents)
    .leftJoin(conversations, and(eq(conversations.documentId, documents.id), eq(conversations.userId, sql.placeholder('userId'))))
    .leftJoin(chatMessages, eq(chatMessages.conversationId, conversations.id))
    .where(and(eq(documents.id, sql.placeholder('documentId')), eq(documents.userId, sql.placeholder('userId'))))
    .orderBy(asc(chatMessages.id)),
);

/** The conversation's messages, oldest first: undefined when the document is not the user's, [] before they chat about it. */
export async function listMessages(db: Db, documentId: number, userId: number): Promise<MessageRow[] | undefined> {
  const rows = await messagesOfDocument.run(db, { documentId, userId });
  if (rows.length === 0) return undefined;
  return rows.flatMap(({ id, role, content, meta, createdAt }) => (id === null ? [] : [{ id, role: role!, content: content!, meta, createdAt: createdAt! }]));
}

/** Changes whenever the text is written: processing sets processed_at, a save a new current_version. */
const TEXT_REVISION = sql`concat(current_version, '@', processed_at)`;

export type Turn = {
  originalName: string;
  /** Changes whenever the document's text is written; null while it has none. */
  textRevision: string | null;
  conversationId: number;
  message: MessageRow;
  /** The latest messages before this one, oldest first. */
  history: HistoryRow[];
};

/**
 * A turn's one round trip: checks the document is the user's, stores the user's message in their
 * conversation and reads the messages before it. The document's text is not read here
 * (text-cache.ts). Undefined when the document is not the user's.
 */
export async function startTurn(
  db: Db,
  input: { documentId: number; userId: number; content: string; meta: Record<string, unknown> | null; createdAt: Date; historyLimit: number },
): Promise<Turn | undefined> {
  const values = { ...input, meta: input.meta === null ? null : JSON.stringify(input.meta), createdAt: input.createdAt.toISOString() };
  let [row] = await turn.run(db, values);
  if (!row) return undefined;
  if (row.id === null) {
    // The first message about this document: the conversation is created once, here. Two first
    // messages at once both get here; the second insert waits for the first and does nothing.
    await db.insert(conversations).values({ documentId: input.documentId, userId: input.userId }).onConflictDoNothing();
    [row] = await turn.run(db, values);
    if (row?.id == null) throw new Error(`conversation for document ${input.documentId} vanished`);
  }
  return toTurn(row);
}

type TurnRow = {
  originalName: string;
  textRevision: string | null;
  id: number | null;
  conversationId: number;
  role: 'user';
  content: string;
  meta: Record<string, unknown> | null;
  createdAt: Date;
  history: HistoryRow[];
};

const placeholder = (name: 'documentId' | 'userId' | 'content' | 'meta' | 'createdAt' | 'historyLimit') => sql.placeholder(name);

/**
 * A turn's statement. Every CTE runs on the same snapshot, so `history` does not see the message
 * `message` inserts. Without a conversation nothing is inserted and `id` is null.
 */
const turn = prepare<TurnRow, Parameters<typeof placeholder>[0]>(
  'chat_turn',
  // The SELECT list's order.
  { originalName: 0, textRevision: 0, id: 0, conversationId: 0, role: 0, content: 0, meta: 0, createdAt: 0, history: 0 },
  rawStatement<TurnRow>(sql`
    with doc as (
      select id, original_name,
        case when plain_text is null then null else ${TEXT_REVISION} end as text_revision
      from documents where id = ${placeholder('documentId')} and user_id = ${placeholder('userId')}
    ),
    conversation as (
      select conversations.id from conversations join doc on conversations.document_id = doc.id where conversations.user_id = ${placeholder('userId')}
    ),
    message as (
      insert into chat_messages (conversation_id, role, content, meta, created_at)
      select id, 'user', ${placeholder('content')}::text, ${placeholder('meta')}::jsonb, ${placeholder('createdAt')}::timestamptz
      from conversation
      returning id, conversation_id, role, content, meta, created_at
    ),
    history as (
      select id, role, content, meta from chat_messages
      where conversation_id = (select id from conversation)
      order by id desc limit ${placeholder('historyLimit')}
    )
    select doc.original_name, doc.text_revision, message.id, message.conversation_id, message.role, message.content, message.meta, message.created_at,
      (select coalesce(json_agg(json_build_object('role', role, 'content', content, 'meta', meta) order by id), '[]'::json) from history)
    from doc left join message on true`),
);

function toTurn(row: TurnRow): Turn {
  const { originalName, textRevision, conversationId, role, content, meta, createdAt, history } = row;
  return { originalName, textRevision, conversationId, message: { id: row.id!, role, content, meta, createdAt }, history };
}

/** The assistant's answer, once it has been streamed. */
export async function insertMessage(
  db: Db,
  input: { conversationId: number; role: 'user' | 'assistant'; content: string; meta: Record<string, unknown> | null; createdAt: Date },
): Promise<MessageRow> {
  const meta = input.meta === null ? null : JSON.stringify(input.meta);
  const [row] = await newMessage.run(db, { ...input, meta, createdAt: input.createdAt.toISOString() });
  return row!;
}

const newMessage = prepare<MessageRow, 'conversationId' | 'role' | 'content' | 'meta' | 'createdAt'>(
  'chat_message_insert',
  messageColumns,
  rawStatement<MessageRow>(sql`
    insert into chat_messages (conversation_id, role, content, meta, created_at)
    values (${sql.placeholder('conversationId')}, ${sql.placeholder('role')}, ${sql.placeholder('content')}, ${sql.placeholder('meta')}::jsonb, ${sql.placeholder('createdAt')}::timestamptz)
    returning id, role, content, meta, created_at`),
);

/**
 * The extracted text the assistant reads, with its revision (as `startTurn` gives it); the
 * caller has already checked the document is the user's. Undefined when it has none.
 */
export async function documentText(db: Db, documentId: number): Promise<{ plainText: string; revision: string } | undefined> {
  const [row] = await db
    .select({ plainText: documents.plainText, revision: sql<string>`${TEXT_REVISION}` })
    .from(documents)
    .where(eq(documents.id, documentId));
  return row?.plainText == null ? undefined : { plainText: row.plainText, revision: row.revision };
}
