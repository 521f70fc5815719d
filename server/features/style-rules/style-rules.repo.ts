import { eq } from 'drizzle-orm';
import type { StyleRules } from '@common/schemas/review';
import type { Db } from '../../db/client';
import { styleRules } from '../../db/schema';

/** The rules as stored, or undefined for a person who never saved any. */
export async function findRules(db: Db, userId: number): Promise<unknown> {
  const [row] = await db.select({ rules: styleRules.rules }).from(styleRules).where(eq(styleRules.userId, userId));
  return row?.rules;
}

/** One row per person: a save replaces the whole style. */
export async function saveRules(db: Db, userId: number, rules: StyleRules, now: Date): Promise<void> {
  await db
    .insert(styleRules)
    .values({ userId, rules, updatedAt: now })
    .onConflictDoUpdate({ target: styleRules.userId, set: { rules, updatedAt: now } });
}
