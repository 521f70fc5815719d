import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, conversations, documents } from '../../db/schema';

const messageColumns = {
  id: chatMessages.id,
  role: chatMessages.role,
  content: chatMessages.content,
  meta: chatMessages.meta,
  createdAt: chatMessages.createdAt,
};
export type MessageRow = Awaited<ReturnType<typeof insertMessage>>;

export async function findConversationId(db: Db, documentId: number, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.documentId, documentId), eq(conversations.userId, userId)));
  return row?.id;
}

/** One conversation per (document, user); two first messages at once still end up in the same one. */
export async function ensureConversationId(db: Db, documentId: number, userId: number): Promise<number> {
  await db.insert(conversations).values({ documentId, userId }).onConflictDoNothing({ target: [conversations.documentId, conversations.userId] });
  const id = await findConversationId(db, documentId, userId);
  if (id === undefined) throw new Error(`conversation for document ${documentId} vanished`);
  return id;
}

export async function listMessages(db: Db, conversationId: number) {
  return db.select(messageColumns).from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(asc(chatMessages.id));
}

/** The latest `limit` messages, oldest first. */
export async function recentMessages(db: Db, conversationId: number, limit: number) {
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function insertMessage(
  db: Db,
  input: { conversationId: number; role: 'user' | 'assistant'; content: string; meta: Record<string, unknown> | null; createdAt: Date },
) {
  const [row] = await db.insert(chatMessages).values(input).returning(messageColumns);
  return row!;
}

/** The extracted text the assistant reads; the caller has already checked the document is the user's. */
export async function documentText(db: Db, documentId: number): Promise<string | null> {
  const [row] = await db.select({ plainText: documents.plainText }).from(documents).where(eq(documents.id, documentId));
  return row?.plainText ?? null;
}
