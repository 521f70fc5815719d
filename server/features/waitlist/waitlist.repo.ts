import { and, count, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waitlistUsers } from '../../db/schema';

/** Serialises sign-ups (pg_advisory_xact_lock key; auth.repo.ts uses 7250001). */
const WAITLIST_LOCK = 7250002;

export type NewWaitlistEntry = { email: string; name: string; company: string | null; useCase: string; createdAt: Date };

/**
 * Adds the entry unless its email is already listed, and answers the entry's position: the
 * number of pending entries with an id up to its own. Under the lock, ids are handed out and
 * counted one sign-up at a time, so concurrent sign-ups never share a position or skip one
 * (without it, two transactions could each count before the other commits).
 */
export async function joinOrFind(db: Db, entry: NewWaitlistEntry): Promise<{ id: number; position: number; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_LOCK})`);
    const [existing] = await tx.select({ id: waitlistUsers.id }).from(waitlistUsers).where(eq(waitlistUsers.email, entry.email));
    const id = existing?.id ?? (await insert(tx, entry));
    const [row] = await tx
      .select({ n: count() })
      .from(waitlistUsers)
      .where(and(eq(waitlistUsers.status, 'pending'), lte(waitlistUsers.id, id)));
    return { id, position: row?.n ?? 0, created: existing === undefined };
  });
}

async function insert(tx: Parameters<Parameters<Db['transaction']>[0]>[0], entry: NewWaitlistEntry): Promise<number> {
  const [created] = await tx.insert(waitlistUsers).values(entry).returning({ id: waitlistUsers.id });
  if (!created) throw new Error('waitlist insert returned no row');
  return created.id;
}
