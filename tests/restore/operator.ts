/**
 * What an operator runs to back Redraft up and restore it, as docs/deploy.md ("Backups and
 * restore") writes it: the same command lines, run through the shell with the same variables, so
 * the guide cannot drift from what the test proves without the test noticing (it checks that the
 * guide holds each line). The bucket copy is the one step done here in code: `aws s3 sync` and
 * `rclone copy` are not installed on a fresh clone, so `copyObjects` does what they do, listing
 * every object under a prefix and copying each (GetObject, PutObject) under another.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';

const run = promisify(execFile);

/** Every stored file a database names: the version rows' four keys (server/db/schema.ts, documentVersions). */
export const NAMED_KEYS_SQL =
  'select key from document_versions, unnest(array[blob_key, editable_blob_key, saver_blob_key, delta_blob_key]) as key where key is not null';

/** The guide's command lines, verbatim. `$dump` and `$restored_url` are the procedure's own shell variables. */
export const GUIDE = {
  dump: 'pg_dump --format=custom --file="$dump" "$DATABASE_URL"',
  restore: 'pg_restore --exit-on-error --no-owner --dbname="$restored_url" "$dump"',
  namedKeys: `psql "$restored_url" --no-align --tuples-only --command "${NAMED_KEYS_SQL}"`,
} as const;

/** Runs one of the guide's lines with its variables; the command's own message on failure. */
export async function shell(line: string, variables: Record<string, string>): Promise<string> {
  try {
    const { stdout } = await run('sh', ['-c', line], { env: { PATH: process.env.PATH ?? '', ...variables }, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const { stderr, message } = err as { stderr?: string; message: string };
    throw new Error(`${line}\nfailed: ${stderr?.trim() || message}`, { cause: err });
  }
}

/** pg_dump, pg_restore and psql, which the guide's steps need, with a message saying how to get them. */
export async function requireClientTools() {
  for (const tool of ['pg_dump', 'pg_restore', 'psql']) {
    await run(tool, ['--version']).catch((err: unknown) => {
      throw new Error(`tests/restore runs ${tool}, which is not on PATH: install PostgreSQL's client programs (Debian: apt-get install postgresql-client).`, { cause: err });
    });
  }
}

/** A single query's rows on a database of the test's own (the live deployment's, to pick what to examine). */
export async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export type Place = { bucket: string; prefix: string };

/** Every object name under the prefix, the prefix cut off, sorted. */
export async function listKeys(s3: S3Client, at: Place): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: at.bucket, Prefix: at.prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) keys.push(object.Key!.slice(at.prefix.length));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

/**
 * Copies every object under `from` to the same name under `to` (what `aws s3 sync` and `rclone
 * copy` do; neither deletes at the destination), except the keys in `leaveOut`; returns the keys copied.
 */
export async function copyObjects(s3: S3Client, from: Place, to: Place, leaveOut: ReadonlySet<string> = new Set()): Promise<string[]> {
  const copied: string[] = [];
  for (const key of await listKeys(s3, from)) {
    if (leaveOut.has(key)) continue;
    const object = await s3.send(new GetObjectCommand({ Bucket: from.bucket, Key: `${from.prefix}${key}` }));
    const body = await object.Body!.transformToByteArray();
    await s3.send(new PutObjectCommand({ Bucket: to.bucket, Key: `${to.prefix}${key}`, Body: body }));
    copied.push(key);
  }
  return copied;
}
