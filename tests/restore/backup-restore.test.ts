/**
 * Backups and the tested restore (issue 17, point 4; docs/deploy.md, "Backups and restore"): a
 * real server on PostgreSQL and an S3 bucket holds several documents and a history whose older
 * versions are stored as deltas; it is backed up the way the guide says (pg_dump, custom format,
 * first; then a copy of every object), restored into a new database and a new bucket, and a new
 * server there gives every document and every version back byte for byte to the same password.
 * A copy that lacks one object is caught by the guide's check, and then fails that version's
 * download, and only that one.
 *
 * Needs TEST_DATABASE_URL (a PostgreSQL server where it may create and drop databases) and
 * PostgreSQL's client programs (pg_dump, pg_restore, psql) of at least the server's version.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longContractDocx } from '../support/docx/long-contract';
import { contractDocx, memoDocx, picturesDocx, tablesDocx } from '../support/docx/realistic';
import { editDocx, replaceText } from '../support/paragraph-edits';
import { S3RVER_CREDENTIALS, type S3TestServer, startS3Server } from '../support/s3-server';
import { TestServer } from '../support/server-process';
import { GUIDE, type Place, copyObjects, listKeys, query, requireClientTools, shell } from './operator';
import { type Account, Session } from './session';
import { scratchDatabase } from '../support/test-database';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) {
  throw new Error(
    'tests/restore needs TEST_DATABASE_URL: a PostgreSQL server on which it may create and drop databases, ' +
      'e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:restore',
  );
}

const PREFIX = 'redraft/';
const LIVE: Place = { bucket: 'redraft-live', prefix: PREFIX };
const BACKUP: Place = { bucket: 'redraft-backup', prefix: PREFIX };
const RESTORED: Place = { bucket: 'redraft-restored', prefix: PREFIX };
const PARTIAL: Place = { bucket: 'redraft-partial', prefix: PREFIX };
const RUN = `redraft_restore_${randomUUID().slice(0, 8)}`;

/**
 * The restored servers sweep orphans with a grace of one second (the least the server takes)
 * instead of the default hour, under which every freshly copied object would be safe anyway: so
 * "nothing was deleted" means every object is named by the restored database, not that all were young.
 */
const GRACE_SECONDS = 1;

const FIXTURES: Array<[string, Uint8Array]> = [
  ['supply agreement.docx', contractDocx()],
  ['memo.docx', memoDocx()],
  ['price tables.docx', tablesDocx()],
  ['pictures.docx', picturesDocx()],
  ['master services agreement.docx', longContractDocx(20)],
];
const SAVES = 4;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const lines = (text: string) => [...new Set(text.split('\n').map((l) => l.trim()).filter(Boolean))].sort();

let s3: S3TestServer;
let client: S3Client;
let workDir: string;
let dump: string;
const cleanups: Array<() => Promise<unknown>> = [];
const account: Account = { name: 'Restore Test', email: `restore-${randomUUID().slice(0, 8)}@example.com`, password: 'a long restore password' };
let edited: number;
let deltas: Array<{ version: number; delta_blob_key: string }>;
let original: Snapshot;

const s3Env = (at: Place) => ({
  STORAGE_URL: `s3://${at.bucket}/${at.prefix}`,
  S3_ENDPOINT: s3.endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});

async function database(name: string) {
  const created = await scratchDatabase(ADMIN_URL!, { prefix: `${RUN}_${name}` });
  cleanups.push(created.drop);
  return created;
}

async function server(env: Record<string, string>) {
  const started = await TestServer.start({ env });
  cleanups.push(() => started.dispose());
  return started;
}

/** What a person can see and download: the document list, each one's versions, and the SHA-256 of every download (or its status). */
type Snapshot = { documents: unknown; versions: Record<number, unknown>; downloads: Map<string, string> };

async function snapshot(session: Session): Promise<Snapshot> {
  const documents = await session.getJson<Array<{ id: number }>>('/api/documents');
  const versions: Record<number, unknown> = {};
  const downloads = new Map<string, string>();
  const fetchSha = async (label: string, url: string) => {
    const res = await session.get(url);
    downloads.set(label, res.status === 200 ? sha256(res.bytes) : `HTTP ${res.status}`);
  };
  for (const { id } of documents) {
    const list = await session.getJson<Array<{ version: number }>>(`/api/documents/${id}/versions`);
    versions[id] = list;
    await fetchSha(`document ${id}`, `/api/documents/${id}/download`);
    for (const { version } of list) await fetchSha(`document ${id} version ${version}`, `/api/documents/${id}/versions/${version}/download`);
  }
  return { documents, versions, downloads };
}

/** Restores the dump into a new database, as the guide says; its URL. */
async function restoreDatabase(name: string): Promise<string> {
  const restored = await database(name);
  await shell(GUIDE.restore, { dump, restored_url: restored.url });
  return restored.url;
}

/** The guide's check: the keys the restored database names that the bucket lacks. */
async function missingKeys(restoredUrl: string, at: Place): Promise<string[]> {
  const named = lines(await shell(GUIDE.namedKeys, { restored_url: restoredUrl }));
  const present = new Set(await listKeys(client, at));
  return named.filter((key) => !present.has(key));
}

beforeAll(async () => {
  await requireClientTools();
  s3 = await startS3Server({ buckets: [LIVE.bucket, BACKUP.bucket, RESTORED.bucket, PARTIAL.bucket] });
  cleanups.push(() => s3.dispose());
  client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  cleanups.push(async () => client.destroy());
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'redraft-restore-'));
  cleanups.push(() => fs.rm(workDir, { recursive: true, force: true }));
  dump = path.join(workDir, 'redraft.dump');

  const live = await database('live');
  const liveServer = await server({ DATABASE_URL: live.url, ...s3Env(LIVE) });
  await Session.register(liveServer.url, account);
  const owner = await Session.signIn(liveServer.url, account);
  const ids: number[] = [];
  for (const [name, bytes] of FIXTURES) ids.push(await owner.upload(name, bytes));
  edited = ids.at(-1)!;
  for (let i = 1; i <= SAVES; i++) {
    const content = await owner.get(`/api/documents/${edited}/content`);
    const base = Number(content.headers.get('x-document-version'));
    await owner.save(edited, base, editDocx(content.bytes, replaceText(`Paragraph 1 of clause ${i}.`, `Paragraph 1 of clause ${i} (edit ${i}).`)));
  }
  original = await snapshot(owner);
  deltas = await query(live.url, 'select version, delta_blob_key from document_versions where document_id = $1 and delta_blob_key is not null order by version', [edited]);

  // The backup, in the guide's order: the database first, then the objects. The server keeps
  // running meanwhile, as it would in production; here it has done its part afterwards.
  await shell(GUIDE.dump, { dump, DATABASE_URL: live.url });
  await copyObjects(client, LIVE, BACKUP);
  await liveServer.dispose();
}, 300_000);

afterAll(async () => {
  const failures: unknown[] = [];
  for (const cleanup of cleanups.reverse()) await cleanup().catch((err: unknown) => failures.push(err));
  if (failures.length > 0) throw new AggregateError(failures, 'cleaning up after tests/restore failed');
}, 120_000);

describe('backup and restore (docs/deploy.md)', () => {
  it('the guide gives the same command lines this test runs', async () => {
    const guide = await fs.readFile(path.resolve(import.meta.dirname, '../../docs/deploy.md'), 'utf8');
    for (const line of Object.values(GUIDE)) expect(guide).toContain(line);
  });

  it('the history to restore has versions stored as deltas', () => {
    expect(original.documents).toHaveLength(FIXTURES.length);
    expect((original.versions[edited] as unknown[]).length).toBe(SAVES + 1);
    expect(deltas.length).toBeGreaterThanOrEqual(SAVES - 1);
    for (const [label, sha] of original.downloads) expect(sha, label).toMatch(/^[0-9a-f]{64}$/);
  });

  it('restores every document and every version byte for byte, and the restored server deletes nothing', async () => {
    const restoredUrl = await restoreDatabase('restored');
    await copyObjects(client, BACKUP, RESTORED);
    expect(await missingKeys(restoredUrl, RESTORED)).toEqual([]);
    const before = await listKeys(client, RESTORED);
    expect(before.length).toBeGreaterThan(FIXTURES.length + SAVES);
    await sleep(GRACE_SECONDS * 1000 + 1500); // every object older than the grace when the server sweeps at boot

    const restored = await server({ DATABASE_URL: restoredUrl, ...s3Env(RESTORED), ORPHAN_GRACE_SECONDS: String(GRACE_SECONDS) });
    const health = await fetch(`${restored.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'postgres', ai: 'offline', editor: 'embedded' });

    const owner = await Session.signIn(restored.url, account);
    const after = await snapshot(owner);
    expect(after.documents).toEqual(original.documents);
    expect(after.versions).toEqual(original.versions);
    expect(after.downloads).toEqual(original.downloads);
    expect(await listKeys(client, RESTORED)).toEqual(before);
  });

  it('a copy lacking one object: the guide check names it, that version fails to download, every other still matches', async () => {
    // The oldest version stored as a delta: no other version is rebuilt through it.
    const lost = deltas[0]!;
    const restoredUrl = await restoreDatabase('partial');
    await copyObjects(client, BACKUP, PARTIAL, new Set([lost.delta_blob_key]));
    // And an object no row names, as a copy taken while uploads went on holds: the boot sweep
    // removes it, which shows that the sweep ran and that keeping every other object was its choice.
    const stray = randomUUID();
    await client.send(new PutObjectCommand({ Bucket: PARTIAL.bucket, Key: `${PARTIAL.prefix}${stray}`, Body: contractDocx() }));
    expect(await missingKeys(restoredUrl, PARTIAL)).toEqual([lost.delta_blob_key]);
    const before = await listKeys(client, PARTIAL);
    await sleep(GRACE_SECONDS * 1000 + 1500);

    const restored = await server({ DATABASE_URL: restoredUrl, ...s3Env(PARTIAL), ORPHAN_GRACE_SECONDS: String(GRACE_SECONDS) });
    expect(await listKeys(client, PARTIAL)).toEqual(before.filter((key) => key !== stray));

    const owner = await Session.signIn(restored.url, account);
    const res = await owner.get(`/api/documents/${edited}/versions/${lost.version}/download`);
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toMatchObject({ error: { code: 'internal' } });
    // The log names the missing object (the line may reach us a moment after the answer).
    await expect.poll(() => restored.logs(), { timeout: 5_000 }).toContain(`Blob not found: ${lost.delta_blob_key}`);

    const after = await snapshot(owner);
    const label = `document ${edited} version ${lost.version}`;
    expect(after.downloads).toEqual(new Map([...original.downloads].map(([k, sha]) => [k, k === label ? 'HTTP 500' : sha])));
  });
});
