/**
 * Durable jobs on PGlite and PostgreSQL: each claimed by one runner, retried with growing delays,
 * given up truthfully, taken over when the runner holding it stops renewing its lease; and the
 * jobs Redraft runs (processing an upload whose instance died, the periodic orphan sweep).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCX_MIME_TYPE } from '@common/limits';
import { signedIn } from '../../tests/support/agent';
import { contractDocx } from '../../tests/support/docx/realistic';
import { DOCX, multipart } from '../../tests/support/multipart';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { jobs } from '../db/schema';
import * as documents from '../features/documents/documents.repo';
import { processingJobKey } from '../features/documents/processing-job';
import * as repo from './jobs.repo';
import { type JobKind, createJobRunner } from './runner';

let t: TestApp;
let ownerId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { ORPHAN_GRACE_SECONDS: '1', ORPHAN_SWEEP_SECONDS: '1' }, jobs: { pollMs: 20, retryBaseMs: 40 } });
  ownerId = (await signedIn(t.app, 'jobs')).user.id;
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jobRow = async (key: string) => (await t.database.db.select().from(jobs).where(eq(jobs.key, key)))[0];
const timings = { pollMs: 20, concurrency: 2, retryBaseMs: 40, leaseMs: 600 };

/** A runner of test kinds only, so the app's own runner never takes these jobs. */
function runner(kinds: Record<string, JobKind>, leaseMs = timings.leaseMs) {
  const r = createJobRunner(t.database.db, t.deps.log, kinds, { ...timings, leaseMs });
  r.start();
  return r;
}

describe('the runner', () => {
  it('runs each job exactly once across runners that claim side by side', async () => {
    const ran: Array<{ n: number; by: string }> = [];
    const kind = (by: string): JobKind => ({ maxAttempts: 1, run: async (p) => void ran.push({ n: Number(p.n), by }) });
    for (let n = 0; n < 30; n++) await repo.enqueue(t.database.db, { kind: 'count', key: `count:${n}`, payload: { n } });
    const a = runner({ count: kind('a') });
    const b = runner({ count: kind('b') });
    await expect.poll(() => ran.length, { timeout: 10_000 }).toBe(30);
    await sleep(100);
    await Promise.all([a.close(), b.close()]);
    expect(ran.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(await jobRow('count:0')).toBeUndefined();
  });

  it('retries a failing job with growing delays and records the error, then finishes it', async () => {
    const at: number[] = [];
    const r = runner({
      flaky: {
        maxAttempts: 5,
        run: async () => {
          at.push(Date.now());
          if (at.length < 3) throw new Error(`storage hiccup ${at.length}`);
        },
      },
    });
    await repo.enqueue(t.database.db, { kind: 'flaky', key: 'flaky' });
    let seen: repo.JobRow | undefined;
    await expect.poll(async () => (seen = (await jobRow('flaky')) ?? seen)?.lastError, { timeout: 5_000 }).toBe('storage hiccup 1');
    await expect.poll(() => at.length, { timeout: 10_000 }).toBe(3);
    await r.close();
    // 40 ms then 80 ms, each ±20%, plus a poll at most.
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(30);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(60);
    expect(await jobRow('flaky')).toBeUndefined();
  });

  it('gives up after the last attempt, telling the handler it was the last, and keeps the row for the operator', async () => {
    const attempts: Array<{ number: number; last: boolean }> = [];
    const broken: JobKind = {
      maxAttempts: 2,
      run: async (_p, attempt) => {
        attempts.push(attempt);
        throw new Error('no');
      },
    };
    const r = runner({ broken });
    await repo.enqueue(t.database.db, { kind: 'broken', key: 'broken' });
    await expect.poll(async () => (await jobRow('broken'))?.failedAt, { timeout: 5_000 }).toBeInstanceOf(Date);
    await sleep(200);
    await r.close();
    expect(attempts).toEqual([{ number: 1, last: false }, { number: 2, last: true }]);
    expect((await jobRow('broken'))!.lastError).toBe('no');
    expect(await repo.queueDepth(t.database.db)).toMatchObject({ failed: 1 });
    // A job given up keeps its key: the same work is not queued again behind the operator's back.
    await repo.enqueue(t.database.db, { kind: 'broken', key: 'broken' });
    expect((await jobRow('broken'))!.failedAt).toBeInstanceOf(Date);
  });

  it('hands a job to another runner once the one holding it stops renewing (its instance died)', async () => {
    await repo.enqueue(t.database.db, { kind: 'orphaned', key: 'orphaned' });
    // A runner that claimed it and died: the claim is made, nothing ever renews or finishes it.
    const dead = await repo.claim(t.database.db, 'dead-instance', 300, ['orphaned']);
    expect(dead?.key).toBe('orphaned');
    const ran: number[] = [];
    const r = runner({ orphaned: { maxAttempts: 3, run: async (_p, attempt) => void ran.push(attempt.number) } });
    await sleep(150);
    expect(ran, 'taken while the lease still held').toEqual([]);
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual([2]);
    await r.close();
  });

  it('keeps a long job to itself while it renews the lease', async () => {
    const ran: string[] = [];
    const slow = (by: string): JobKind => ({
      maxAttempts: 3,
      run: async () => {
        ran.push(by);
        await sleep(1_200);
      },
    });
    const a = runner({ slow: slow('a') }, 300);
    await repo.enqueue(t.database.db, { kind: 'slow', key: 'slow' });
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual(['a']);
    const b = runner({ slow: slow('b') }, 300);
    await expect.poll(async () => jobRow('slow'), { timeout: 5_000 }).toBeUndefined();
    await Promise.all([a.close(), b.close()]);
    expect(ran).toEqual(['a']);
  });

  it('waits for the jobs under way when it closes, and claims nothing after', async () => {
    let done = false;
    const r = runner({ closing: { maxAttempts: 1, run: () => sleep(300).then(() => void (done = true)) } });
    await repo.enqueue(t.database.db, { kind: 'closing', key: 'closing-1' });
    await expect.poll(async () => (await jobRow('closing-1'))?.lockedBy, { timeout: 5_000 }).toBe(r.owner);
    await r.close();
    expect(done).toBe(true);
    await repo.enqueue(t.database.db, { kind: 'closing', key: 'closing-2' });
    await sleep(150);
    expect((await jobRow('closing-2'))!.lockedBy).toBeNull();
    await t.database.db.delete(jobs).where(eq(jobs.key, 'closing-2'));
  });
});

describe("Redraft's jobs", () => {
  async function storedWithoutProcessing(delayMs: number) {
    const blob = await t.deps.blobs.put(contractDocx());
    return documents.insertDocumentWithVersion(t.database.db, { userId: ownerId, originalName: 'cut.docx', mimeType: DOCX_MIME_TYPE, blob, kind: 'upload', processingDelayMs: delayMs });
  }
  const statusOf = async (id: number) => (await documents.findDocument(t.database.db, ownerId, id))?.status;

  it('an upload leaves no job behind once it has processed its document', async () => {
    const user = await signedIn(t.app, 'uploader');
    const body = multipart({ filename: 'a.docx', type: DOCX, bytes: contractDocx() });
    const res = await user.agent.post('/api/documents/upload', body.payload, body.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('complete');
    expect(await jobRow(processingJobKey(res.json().id))).toBeUndefined();
  });

  it('finishes the processing of an upload whose instance died after storing it, once the held-back job comes due', async () => {
    // The rows as an upload commits them, with nobody left to process them.
    const created = await storedWithoutProcessing(300);
    expect(await statusOf(created.id)).toBe('uploaded');
    await sleep(150);
    expect(await statusOf(created.id), 'taken before the uploader had its chance').toBe('uploaded');
    await expect.poll(() => statusOf(created.id), { timeout: 10_000 }).toBe('complete');
    expect(await jobRow(processingJobKey(created.id))).toBeUndefined();
    const doc = await documents.findDocument(t.database.db, ownerId, created.id);
    expect(doc!.wordCount).toBeGreaterThan(0);
  });

  it('retries processing that storage fails, and at the last attempt marks the document failed instead of leaving it processing', async () => {
    const created = await storedWithoutProcessing(0);
    const version = await documents.latestVersion(t.database.db, created.id);
    // The file gone: every attempt fails reading it (what an unreachable bucket does).
    await t.deps.blobs.delete(version!.blobKey!);
    await expect.poll(() => statusOf(created.id), { timeout: 15_000 }).toBe('error');
    const doc = await documents.findDocument(t.database.db, ownerId, created.id);
    expect(doc!.statusReason).toBe('Processing failed unexpectedly. Please upload the document again.');
    const job = await jobRow(processingJobKey(created.id));
    expect(job).toBeUndefined();
    expect(t.logs()).toMatch(/jobs: a job failed/);
  });

  it('the periodic sweep removes a stored file no row names once it is older than the grace period, and keeps the named ones', async () => {
    const orphan = await t.deps.blobs.put(new Uint8Array([1, 2, 3]));
    const named = await storedWithoutProcessing(60_000);
    const version = await documents.latestVersion(t.database.db, named.id);
    await expect.poll(() => t.deps.blobs.exists(orphan.key), { timeout: 10_000 }).toBe(false);
    expect(await t.deps.blobs.exists(version!.blobKey!)).toBe(true);
    // It keeps coming round: one periodic row, moved on to its next run.
    const sweep = await jobRow('orphan-sweep');
    expect(sweep!.lockedBy).toBeNull();
    const [later] = await t.database.db.select({ later: sql<boolean>`${jobs.runAt} > now()` }).from(jobs).where(eq(jobs.key, 'orphan-sweep'));
    expect(later?.later).toBe(true);
  });
});
