/**
 * The jobs table's queries. Times are the database's own `now()`, not an instance's clock, so
 * instances whose clocks differ still agree on when a job is due and when a lease has run out.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

const later = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Adds a job unless one with the same key is live (queued, running or given up). `delayMs` holds
 * it back: an upload's own processing job waits a lease before anyone else may take it, since
 * the upload is finishing that work itself and deletes the job when done.
 */
export async function enqueue(db: Db, job: { kind: string; key: string; payload?: Record<string, unknown>; delayMs?: number }) {
  await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, payload: job.payload ?? {}, runAt: job.delayMs ? later(job.delayMs) : sql`now()` })
    .onConflictDoNothing({ target: jobs.key });
}

/**
 * Takes the next due job for `owner` for `leaseMs`: due, not given up, and not held by a live
 * lease. SKIP LOCKED lets instances claim side by side without waiting on each other's rows.
 */
export async function claim(db: Db, owner: string, leaseMs: number, kinds: string[]): Promise<JobRow | undefined> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        isNull(jobs.failedAt),
        lte(jobs.runAt, sql`now()`),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({ lockedBy: owner, lockedUntil: later(leaseMs), attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning();
  return row;
}

const held = (id: number, owner: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, owner));

/** Renews the lease; false once another instance has taken the job (the lease ran out first). */
export async function renew(db: Db, id: number, owner: string, leaseMs: number): Promise<boolean> {
  const rows = await db.update(jobs).set({ lockedUntil: later(leaseMs) }).where(held(id, owner)).returning({ id: jobs.id });
  return rows.length > 0;
}

export async function finish(db: Db, id: number, owner: string) {
  await db.delete(jobs).where(held(id, owner));
}

/** Done by its owner without the runner: the upload that finished its own processing. */
export async function removeByKey(db: Db, key: string) {
  await db.delete(jobs).where(eq(jobs.key, key));
}

/** The next run of a periodic job, or the retry of a failed one; the lease is released. */
export async function runAgainIn(db: Db, id: number, owner: string, delayMs: number, outcome: { error?: string; resetAttempts?: boolean }) {
  await db
    .update(jobs)
    .set({
      runAt: later(delayMs),
      lockedBy: null,
      lockedUntil: null,
      lastError: outcome.error ?? null,
      ...(outcome.resetAttempts ? { attempts: 0 } : {}),
    })
    .where(held(id, owner));
}

export async function giveUp(db: Db, id: number, owner: string, error: string) {
  await db.update(jobs).set({ failedAt: sql`now()`, lockedBy: null, lockedUntil: null, lastError: error }).where(held(id, owner));
}

export type QueueDepth = { queued: number; running: number; failed: number };

/** For /metrics: due or waiting, held by a live lease, given up. */
export async function queueDepth(db: Db): Promise<QueueDepth> {
  const running = and(isNull(jobs.failedAt), isNotNull(jobs.lockedUntil), sql`${jobs.lockedUntil} >= now()`);
  const [row] = await db
    .select({
      total: count(),
      running: sql<number>`count(*) filter (where ${running})`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${isNotNull(jobs.failedAt)})`.mapWith(Number),
    })
    .from(jobs);
  const total = row?.total ?? 0;
  const busy = row?.running ?? 0;
  const failed = row?.failed ?? 0;
  return { queued: total - busy - failed, running: busy, failed };
}
