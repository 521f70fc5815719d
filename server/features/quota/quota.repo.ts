import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, documentVersions } from '../../db/schema';

/** What an account holds: every stored version's bytes, and its documents (archived included). */
export async function usage(db: Db, userId: number): Promise<{ bytes: number; documents: number }> {
  const [stored] = await db
    .select({ bytes: sql`coalesce(sum(${documentVersions.byteSize}), 0)`.mapWith(Number) })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(eq(documents.userId, userId));
  const [owned] = await db.select({ n: count() }).from(documents).where(eq(documents.userId, userId));
  return { bytes: stored?.bytes ?? 0, documents: owned?.n ?? 0 };
}
