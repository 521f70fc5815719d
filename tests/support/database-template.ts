/**
 * An empty database with every migration applied, made once and copied for each test file: an
 * empty PGlite costs 3–4 s of initdb and migrations, while loading a dump of one costs under one;
 * on PostgreSQL, `create database … template` copies the migrated one instead of migrating again.
 *
 * Both are named by a digest of the migrations and the database engine's version, so a changed
 * migration makes a new template and a stale one is never used. openDatabase still runs the
 * migrations on the copy: with all of them recorded it only reads the journal, so a template that
 * missed one would be brought up to date there, not silently used.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../server/db/migrations');
const PGLITE_PACKAGE = path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json');

function migrationsDigest(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      hash.update(path.relative(MIGRATIONS, full));
      if (entry.isDirectory()) walk(full);
      else hash.update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS);
  return hash.digest('hex').slice(0, 16);
}

let pgliteDump: Promise<Blob> | undefined;

/** A dump of a migrated in-memory PGlite, kept in the system's temporary folder across files and runs. */
export function pgliteTemplate(): Promise<Blob> {
  return (pgliteDump ??= (async () => {
    const version = (JSON.parse(fs.readFileSync(PGLITE_PACKAGE, 'utf8')) as { version: string }).version;
    const file = path.join(os.tmpdir(), `redraft-test-pglite-${version}-${migrationsDigest()}.tar`);
    if (!fs.existsSync(file)) {
      const database = await openDatabase({});
      const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
      await database.close();
      // Written aside and renamed, so a file running beside this one never reads half a dump.
      const partial = `${file}.${process.pid}.partial`;
      fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    }
    return new Blob([fs.readFileSync(file)]);
  })());
}

/**
 * The name of a migrated database on the server at `adminUrl`, created on first use. It is built
 * under a scratch name and renamed once complete, so a clone never copies a half-migrated one, and
 * nothing stays connected to it (PostgreSQL copies a template only while no one is).
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `redraft_template_${migrationsDigest()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return name;
    const scratch = `${name}_${process.pid}_${Date.now()}`;
    await admin.query(`create database ${scratch}`);
    const url = new URL(adminUrl);
    url.pathname = `/${scratch}`;
    const database = await openDatabase({ url: url.toString() });
    await database.close();
    try {
      await admin.query(`alter database ${scratch} rename to ${name}`);
    } catch (error) {
      // Another file finished its template first: use that one.
      await admin.query(`drop database if exists ${scratch} with (force)`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}
