import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { templates } from '../../db/schema';

const columns = {
  id: templates.id,
  filename: templates.filename,
  name: templates.name,
  description: templates.description,
  category: templates.category,
  usageCount: templates.usageCount,
  createdAt: templates.createdAt,
};

/** Inserts the catalogue entries that are missing; existing rows (and their usage counts) stay. */
export async function ensureTemplates(db: Db, entries: Array<{ name: string; description: string; category: string; filename: string }>) {
  if (entries.length === 0) return;
  await db.insert(templates).values(entries).onConflictDoNothing({ target: templates.filename });
}

export async function listActive(db: Db) {
  return db.select(columns).from(templates).where(eq(templates.isActive, true)).orderBy(asc(templates.id));
}

export async function findActive(db: Db, id: number) {
  const [row] = await db.select(columns).from(templates).where(eq(templates.id, id));
  return row;
}

export async function incrementUsage(db: Db, id: number) {
  await db.update(templates).set({ usageCount: sql`${templates.usageCount} + 1` }).where(eq(templates.id, id));
}
