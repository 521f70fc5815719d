import { and, asc, count, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepare, statements } from '../../db/prepared';
import { sessions, users } from '../../db/schema';

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  isDemo: users.isDemo,
  createdAt: users.createdAt,
};
export type UserRow = { id: number; email: string; name: string; role: 'staff' | 'user'; isDemo: boolean; createdAt: Date };

export async function findCredentials(db: Db, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

/**
 * Inserts a user, or nothing when the email is taken (undefined). With `firstIsStaff` (no
 * ADMIN_EMAILS configured), the first real (non-demo) account becomes staff; the advisory lock
 * makes "first" exact when two registrations race on a fresh instance.
 */
export async function insertUser(
  db: Db,
  input: { email: string; name: string; passwordHash: string; isDemo: boolean; forceStaff: boolean; firstIsStaff: boolean; createdAt: Date },
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    let role: 'staff' | 'user' = input.forceStaff ? 'staff' : 'user';
    if (!input.isDemo && role === 'user' && input.firstIsStaff) {
      await tx.execute(sql`select pg_advisory_xact_lock(7250001)`);
      const [row] = await tx.select({ n: count() }).from(users).where(eq(users.isDemo, false));
      if ((row?.n ?? 0) === 0) role = 'staff';
    }
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        name: input.name,
        passwordHash: input.passwordHash,
        isDemo: input.isDemo,
        role,
        createdAt: input.createdAt,
      })
      .onConflictDoNothing({ target: users.email })
      .returning(userColumns);
    return created;
  });
}

export async function insertSession(db: Db, tokenHash: string, userId: number, now: Date, expiresAt: Date) {
  await db.insert(sessions).values({ tokenHash, userId, createdAt: now, lastSeenAt: now, expiresAt });
}

const sessionUserColumns = { ...userColumns, lastSeenAt: sessions.lastSeenAt };
/** Every /api request asks this, so it is one prepared statement: the session and its user at once. */
const sessionUser = prepare<UserRow & { lastSeenAt: Date }, 'tokenHash' | 'now' | 'idleSince'>(
  'session_user',
  sessionUserColumns,
  statements
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    ),
);

/** The session's user, if the session has neither expired nor been idle since `idleSince`. */
export async function findSessionUser(db: Db, tokenHash: string, now: Date, idleSince: Date) {
  const [row] = await sessionUser.run(db, { tokenHash, now, idleSince });
  return row;
}

export async function touchSession(db: Db, tokenHash: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<number> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ userId: sessions.userId });
  return rows.length;
}

export async function deleteExpiredSessions(db: Db, now: Date, idleSince: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince)))
    .returning({ userId: sessions.userId });
  return rows.length;
}

/** Demo accounts created at or before `createdBefore`, oldest first, a batch at a time. */
export async function expiredDemoUsers(db: Db, createdBefore: Date, limit: number): Promise<UserRow[]> {
  return db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.isDemo, true), lte(users.createdAt, createdBefore)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit);
}

/**
 * Deletes a demo account; its sessions, conversations and any row left go with it (cascade).
 * The is_demo condition means this can never remove a real account, whatever id it is given.
 */
export async function deleteDemoUser(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(and(eq(users.id, id), eq(users.isDemo, true))).returning({ id: users.id });
  return rows.length > 0;
}
