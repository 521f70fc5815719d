/**
 * A fresh database per test file, migrated and empty of rows: in-memory PGlite, or
 * (TEST_DB=postgres) a new database created on the TEST_DATABASE_URL server and dropped afterwards.
 * Both start from a template made once (database-template.ts).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/client';
import { pgliteTemplate, postgresTemplate } from './database-template';

export async function openTestDatabase(): Promise<Database> {
  const scratch = await createScratchPostgres({ migrated: true });
  if (!scratch) return openDatabase({ loadDataDir: await pgliteTemplate() });
  const database = await openDatabase({ url: scratch.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Under TEST_DB=postgres, a new database on the test server: empty (a spawned server process
 * migrates it, as on a first start), or `migrated`, a copy of the migrated template.
 */
export async function createScratchPostgres({ migrated = false } = {}): Promise<ScratchDatabase | undefined> {
  if (process.env.TEST_DB !== 'postgres') return undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return scratchDatabase(adminUrl, { migrated });
}

export type ScratchDatabase = { url: string; drop: () => Promise<void> };

/** A new database on the server `adminUrl` names: empty, or a copy of the migrated template. */
export async function scratchDatabase(adminUrl: string, opts: { migrated?: boolean; prefix?: string } = {}): Promise<ScratchDatabase> {
  const name = `${opts.prefix ?? 'redraft_test'}_${randomBytes(6).toString('hex')}`;
  const template = opts.migrated ? ` template ${await postgresTemplate(adminUrl)}` : '';
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withAdmin(url: string, fn: (c: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

/** What a PostgreSQL restart does to a pool: every connection but the one asking is killed. */
export async function terminateOtherConnections(database: Database): Promise<void> {
  await database.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
}
