import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

/**
 * Inserts a user; the first real (non-demo) account becomes staff. The advisory lock makes
 * "first" exact when two registrations race on a fresh instance.
 */
export async function insertUser(
  db: Db,
  input: { email: string; name: string; passwordHash: string; isDemo: boolean; forceStaff: boolean },
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7250001)`);
    let role: 'staff' | 'user' = input.forceStaff ? 'staff' : 'user';
    if (!input.isDemo && role === 'user') {
      const [row] = await tx.select({ n: count() }).from(users).where(eq(users.isDemo, false));
      if ((row?.n ?? 0) === 0) role = 'staff';
    }
    const [created] = await tx
      .insert(users)
      .values({ email: input.email, name: input.name, passwordHash: input.passwordHash, isDemo: input.isDemo, role })
      .onConflictDoNothing({ target: users.email })
      .returning(userColumns);
    return created;
  });
}

export async function insertSession(db: Db, tokenHash: string, userId: number, expiresAt: Date) {
  await db.insert(sessions).values({ tokenHash, userId, expiresAt });
}

export async function findSessionUser(db: Db, tokenHash: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  return row;
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
}
