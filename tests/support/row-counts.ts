/**
 * How many rows a table holds, for tests that must show something left no trace (Drizzle stays
 * out of feature code, so the query lives here).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';

const TABLES = ['users', 'sessions', 'documents', 'document_versions', 'conversations', 'chat_messages', 'rate_limits', 'editor_keys', 'editor_saves'] as const;
export type CountedTable = (typeof TABLES)[number];

export async function countRows(database: Database, table: CountedTable, where?: { userId: number }): Promise<number> {
  if (!TABLES.includes(table)) throw new Error(`not a counted table: ${table}`);
  const filter = where ? sql` where ${sql.identifier(table === 'users' ? 'id' : 'user_id')} = ${where.userId}` : sql``;
  const result = await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}${filter}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ n: number }> }).rows) as Array<{ n: number }>;
  return Number(rows[0]?.n ?? 0);
}
