/**
 * uploaded -> processing -> complete | error. Processing extracts the text (search, assistant),
 * counts words and stores the editing copy with paragraph ids (or names the version's own file,
 * when it has them all). It runs right after an upload (which, processed before its rows exist,
 * goes from uploaded to complete). The upload's rows come with a processing job held back for a
 * lease: the upload removes it when done, and if its instance dies first, the job finishes the
 * work on whichever instance claims it (server/jobs).
 */
import type { Deps } from '../../deps';
import { sameBytes } from '../../docx/bytes';
import type { ProcessResult } from '../../docx/process';
import { AppError } from '../../http/app-error';
import { RETRY_AFTER_SECONDS, WorkError, seconds } from '../../work/work-error';
import * as jobs from '../../jobs/jobs.repo';
import * as repo from './documents.repo';
import { PROCESS_DOCUMENT, processingJobKey } from './processing-job';
import { storedBytes } from './version-bytes';

/**
 * Processes bytes in the work pool (off the event loop, within its budgets). A task over budget,
 * or a full pool, becomes an error the uploader can act on; nothing is stored.
 */
export async function processInPool(deps: Deps, bytes: Uint8Array): Promise<ProcessResult> {
  try {
    return await deps.work.run('process', { bytes });
  } catch (err) {
    throw err instanceof WorkError ? processingRefused(err) : err;
  }
}

function processingRefused(err: WorkError): Error {
  switch (err.failure) {
    case 'busy':
      return new AppError('unavailable', 'The server is busy processing other documents, so this one was not stored. Try again in a few seconds.', undefined, {
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
    case 'timeout':
      return new AppError('unprocessable', `${overBudget(err)} and not stored. Try again later; if it happens again, split the document into smaller ones and upload them separately.`, { reason: 'time_budget' });
    case 'memory':
      return new AppError('unprocessable', `${overBudget(err)} and not stored. Remove large pictures or split the document into smaller ones and upload them separately.`, { reason: 'memory_budget' });
    case 'failed':
      return err;
  }
}

/** How an upload's error and a recovered document's status begin. */
function overBudget(err: WorkError): string {
  return err.failure === 'timeout'
    ? `This document took longer than the ${seconds(err.limit ?? 0)} processing may take, so it was stopped`
    : 'This document needed more memory to process than one document may use, so it was stopped';
}

/**
 * `precomputed` is the upload's own processing, whose `stored` bytes are the version, so they are
 * not read twice; the document then goes from 'uploaded' to 'complete' without a 'processing' in
 * between, which only says that processing has started.
 *
 * An outcome that belongs to the document (content refused, over a budget) is recorded as its
 * status. Anything else (storage or database trouble) is thrown, so the processing job tries
 * again later, unless `last`: then the document is marked failed, so no status stays
 * 'processing' forever.
 */
export async function processDocument(deps: Deps, id: number, precomputed?: ProcessResult, opts: { last?: boolean } = {}) {
  const db = deps.database.db;
  const version = await repo.latestVersion(db, id);
  if (!version) return;
  if (!precomputed) {
    // A job for a document already finished: the upload finished it and died before removing the job.
    if (!(await repo.setProcessing(db, id))) return;
  }
  try {
    const { result, versionBytes } = precomputed ? fromUpload(precomputed) : await processStored(deps, version);
    if (!result.ok) {
      await repo.markFailed(db, id, result.reason, deps.clock.now());
      deps.log.info({ documentId: id, reason: result.reason }, 'document processing refused the content');
      return;
    }
    // Every paragraph already had an id (Word 2010 and later write them) and nothing was dropped:
    // the version's own file is the editable copy, and its bytes are not written and synced twice.
    const own = versionBytes !== undefined && (result.editable === versionBytes || sameBytes(result.editable, versionBytes));
    const editable = own ? undefined : await deps.blobs.put(result.editable);
    let marked = false;
    try {
      marked = await repo.markProcessed(db, id, {
        plainText: result.text,
        wordCount: result.wordCount,
        // Whoever opens the copy reads `editableBlobKey ?? blobKey`: the version's key names the same file.
        editableBlobKey: editable?.key ?? version.blobKey,
        processedAt: deps.clock.now(),
      });
    } finally {
      // Not recorded (an error, or another instance finished first): the copy is nobody's.
      if (editable && !marked) await deps.blobs.delete(editable.key).catch(() => undefined);
    }
  } catch (err) {
    const budget = err instanceof WorkError && (err.failure === 'timeout' || err.failure === 'memory');
    if (!budget && !opts.last) throw err;
    deps.log.error({ err, documentId: id }, 'document processing failed');
    const reason = budget ? `${overBudget(err)}. Split it into smaller documents and upload them separately.` : 'Processing failed unexpectedly. Please upload the document again.';
    await repo.markFailed(db, id, reason, deps.clock.now());
  }
}

/** A processing and the bytes its version holds, to tell whether the editable copy is those same bytes. */
type Processed = { result: ProcessResult; versionBytes: Uint8Array | undefined };

/** An upload stores what processing kept (see storeAndProcess). */
function fromUpload(result: ProcessResult): Processed {
  return { result, versionBytes: result.ok ? result.stored : undefined };
}

async function processStored(deps: Deps, version: repo.VersionFiles): Promise<Processed> {
  const bytes = await storedBytes(deps, version);
  return { result: await deps.work.run('process', { bytes }), versionBytes: bytes };
}

/**
 * Boot: remove what a crash left in the temporary area and, on a disk of our own, every file no
 * row names; queue the processing a crash interrupted (a job already queued for it stands).
 */
export async function recoverDocuments(deps: Deps, opts: { orphanGraceMs: number }) {
  const removedTemp = await deps.blobs.cleanupTemp();
  const removedOrphans = await sweepOrphans(deps, opts.orphanGraceMs);
  const unfinished = await repo.unfinishedDocumentIds(deps.database.db);
  for (const id of unfinished) await jobs.enqueue(deps.database.db, { kind: PROCESS_DOCUMENT, key: processingJobKey(id), payload: { documentId: id } });
  if (removedTemp + removedOrphans + unfinished.length > 0) {
    deps.log.info({ removedTemp, removedOrphans, requeued: unfinished.length }, 'recovered after an interrupted run');
  }
}

/**
 * Deletes the files no row names that are older than `graceMs`: younger ones may be a write in
 * flight on some instance, whose row is not committed yet (docs/decisions/004 and 029). The
 * referenced keys are read before listing, so a file whose row commits after that read is
 * young when listed.
 */
export async function sweepOrphans(deps: Deps, graceMs: number): Promise<number> {
  const referenced = await repo.referencedBlobKeys(deps.database.db);
  let removed = 0;
  for await (const key of deps.blobs.list()) {
    if (referenced.has(key)) continue;
    if (graceMs > 0 && !(await olderThan(deps, key, graceMs))) continue;
    await deps.blobs.delete(key);
    removed += 1;
  }
  if (removed > 0) deps.log.info({ removed }, 'removed stored files no row names');
  return removed;
}

/**
 * S3 keeps LastModified to the whole second, rounded down: a file written at .825 s reads 825 ms
 * older than it is. Its age is counted from the end of its second, so it is never overstated.
 */
const TIME_PRECISION_MS = 1_000;

async function olderThan(deps: Deps, key: string, ms: number) {
  const stat = await deps.blobs.stat(key);
  return stat ? deps.clock.now().getTime() - (stat.modifiedAt.getTime() + TIME_PRECISION_MS) > ms : false;
}
