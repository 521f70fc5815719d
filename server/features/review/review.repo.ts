import { and, desc, eq } from 'drizzle-orm';
import type { Finding } from '@common/schemas/review';
import type { Db } from '../../db/client';
import { documentReviews } from '../../db/schema';

export type ReviewRow = typeof documentReviews.$inferSelect;

export async function insertRunning(db: Db, r: { documentId: number; userId: number; version: number; total: number }): Promise<ReviewRow> {
  const [row] = await db.insert(documentReviews).values({ ...r, status: 'running' }).returning();
  return row!;
}

export async function finish(
  db: Db,
  id: number,
  r: Pick<ReviewRow, 'status' | 'reviewed' | 'total' | 'findings' | 'dropped' | 'failures'>,
): Promise<ReviewRow> {
  const [row] = await db.update(documentReviews).set(r).where(eq(documentReviews.id, id)).returning();
  return row!;
}

/** The latest review of a document by this person. */
export async function latest(db: Db, documentId: number, userId: number): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(documentReviews)
    .where(and(eq(documentReviews.documentId, documentId), eq(documentReviews.userId, userId)))
    .orderBy(desc(documentReviews.id))
    .limit(1);
  return row;
}

/** Sets one finding's status, under the row's lock so two clicks at once both count. Undefined when the review or the finding is not there. */
export async function setFindingStatus(db: Db, q: { reviewId: number; documentId: number; userId: number; findingId: string; status: Finding['status'] }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(documentReviews)
      .where(and(eq(documentReviews.id, q.reviewId), eq(documentReviews.documentId, q.documentId), eq(documentReviews.userId, q.userId)))
      .for('update');
    if (!row || !row.findings.some((f) => f.id === q.findingId)) return undefined;
    const findings = row.findings.map((f) => (f.id === q.findingId ? { ...f, status: q.status } : f));
    const [updated] = await tx.update(documentReviews).set({ findings }).where(eq(documentReviews.id, row.id)).returning();
    return updated!;
  });
}
