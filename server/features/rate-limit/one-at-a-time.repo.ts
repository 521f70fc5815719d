/**
 * The holds behind one-at-a-time.ts, across every instance:
 * a row in `leases` is the hold. Taking it is one statement that succeeds only when the key is
 * free or its holder's time has run out, so two instances cannot both win, and a holder that died
 * (SIGKILL, a lost machine) frees the key when its time passes instead of blocking the person.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leases } from '../../db/schema';

export type Hold = { key: string; holder: string };

/** The hold, or undefined while someone else has it. `ttlMs` must outlast the work. */
export async function take(db: Db, key: string, ttlMs: number): Promise<Hold | undefined> {
  const holder = randomUUID();
  const expiresAt = sql`now() + ${ttlMs} * interval '1 millisecond'`;
  const rows = await db
    .insert(leases)
    .values({ key, holder, expiresAt })
    .onConflictDoUpdate({ target: leases.key, set: { holder, expiresAt }, setWhere: lt(leases.expiresAt, sql`now()`) })
    .returning({ key: leases.key });
  return rows.length > 0 ? { key, holder } : undefined;
}

/** Lets the key go, unless its time ran out and someone else holds it now. */
export async function release(db: Db, hold: Hold) {
  await db.delete(leases).where(and(eq(leases.key, hold.key), eq(leases.holder, hold.holder)));
}
