/**
 * One Drizzle database over either PGlite (embedded, in DATA_DIR/db) or a PostgreSQL server.
 * The same schema and the same committed migrations run on both.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { registerRunner } from './prepared';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';
export type Database = { db: Db; kind: DbKind; ping: () => Promise<void>; close: () => Promise<void> };

/** Every query Redraft makes takes milliseconds; these only end what has gone wrong. */
export const POOL_TIMEOUTS = { connectMs: 5_000, statementMs: 15_000, idleInTransactionMs: 30_000 };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** `dataDir` undefined with no url gives an in-memory PGlite (tests). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** Told when an idle pooled connection dies (server restart, admin kill); the pool replaces it. */
  onIdleError?: (err: Error) => void;
  /** PostgreSQL only; tests shorten them. */
  timeouts?: Partial<typeof POOL_TIMEOUTS>;
  /**
   * PGlite only: start from this dump of a database (`dumpDataDir`) instead of an empty one. Tests
   * open a database per file, and an empty one costs seconds of initdb and migrations each time.
   */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const timeouts = { ...POOL_TIMEOUTS, ...opts.timeouts };
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      // A database that stops answering must fail requests, not hold them (and every pooled
      // connection) forever: waiting for a connection, a statement, or an idle transaction.
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + 1_000,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    });
    // Without a listener the pool rethrows an idle client's error and the process dies: a
    // PostgreSQL restart would take Redraft down instead of costing one reconnect.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema });
    await migrateAlone(pool, () => migratePg(db, { migrationsFolder }));
    registerRunner(db as unknown as Db, async ({ name, text }, values) => (await pool.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows);
    return withPing(db as unknown as Db, 'postgres', () => pool.end());
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'db');
    await fs.mkdir(dir, { recursive: true });
  }
  const client = new PGlite({ dataDir: dir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  registerRunner(db as unknown as Db, async ({ text }, params) => (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows);
  return withPing(db as unknown as Db, 'pglite', () => client.close());
}

function withPing(db: Db, kind: DbKind, close: () => Promise<void>): Database {
  return { db, kind, close, ping: async () => void (await db.execute(sql`select 1`)) };
}

/** Any number: it names the lock every Redraft instance takes to migrate. */
const MIGRATION_LOCK = 0x52_44_46_54; // 'RDFT'

/**
 * Several instances booting at once on a new database would each apply the same migrations, and
 * all but one fail on tables the first created. A session-level advisory lock, held on a
 * connection of its own, lets one migrate while the rest wait and then find nothing to do.
 */
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>) {
  const client = await pool.connect();
  try {
    // No statement timeout on the wait: a first migration of a large database may take minutes.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release(true);
  }
}
