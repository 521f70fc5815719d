import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentVersions, users } from '../../db/schema';

/** A document's history, newest first, with each author's name (null once the author is gone). */
export async function listVersions(db: Db, documentId: number) {
  return db
    .select({
      version: documentVersions.version,
      createdAt: documentVersions.createdAt,
      authorId: users.id,
      authorName: users.name,
      kind: documentVersions.kind,
      restoredFrom: documentVersions.restoredFrom,
      conflict: documentVersions.conflict,
      byteSize: documentVersions.byteSize,
      summary: documentVersions.summary,
    })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.createdBy))
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.version));
}

/** Who stored one version, and when: the author of its tracked changes in a redline. */
export async function versionAuthor(db: Db, documentId: number, version: number) {
  const [row] = await db
    .select({ name: users.name, createdAt: documentVersions.createdAt })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.createdBy))
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)));
  return row;
}
