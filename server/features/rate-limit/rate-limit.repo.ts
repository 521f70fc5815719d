import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

/**
 * Counts one hit in each key's fixed window, atomically, in one statement, and returns each
 * window's state by key. A window that has closed starts again at 1 with a new reset time.
 */
export async function hitAll(db: Db, hits: readonly { key: string; windowMs: number }[], now: Date) {
  const rows = await db
    .insert(rateLimits)
    .values(hits.map(({ key, windowMs }) => ({ key, count: 1, resetAt: new Date(now.getTime() + windowMs) })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt });
  return new Map(rows.map((row) => [row.key, row]));
}

/** Opens (or moves forward) a window that holds no count, e.g. a remembered fact. */
export async function keepUntil(db: Db, key: string, resetAt: Date) {
  await db
    .insert(rateLimits)
    .values({ key, count: 0, resetAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { resetAt } });
}

/** Whether a window for this key is still open, without counting a hit. */
export async function isLive(db: Db, key: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)));
  return row !== undefined;
}

export async function clear(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Closed windows count for nothing; dropping them keeps the table the size of current activity. */
export async function deleteClosed(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(rateLimits).where(lte(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  return rows.length;
}
