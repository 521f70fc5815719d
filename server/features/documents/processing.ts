/**
 * uploaded -> processing -> complete | error. Processing extracts the text (search, assistant),
 * counts words and stores the editing copy with paragraph ids (or names the version's own file,
 * when it has them all). It runs right after an upload (which, processed before its rows exist,
 * goes from uploaded to complete) and, for anything a crash interrupted, again at boot.
 */
import type { Deps } from '../../deps';
import { sameBytes } from '../../docx/bytes';
import type { ProcessResult } from '../../docx/process';
import { AppError } from '../../http/app-error';
import { RETRY_AFTER_SECONDS, WorkError, seconds } from '../../work/work-error';
import * as repo from './documents.repo';
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
 */
export async function processDocument(deps: Deps, id: number, precomputed?: ProcessResult) {
  const db = deps.database.db;
  const version = await repo.latestVersion(db, id);
  if (!version) return;
  if (!precomputed) await repo.setStatus(db, id, 'processing');
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
    try {
      await repo.markProcessed(db, id, {
        plainText: result.text,
        wordCount: result.wordCount,
        // Whoever opens the copy reads `editableBlobKey ?? blobKey`: the version's key names the same file.
        editableBlobKey: editable?.key ?? version.blobKey,
        processedAt: deps.clock.now(),
      });
    } catch (err) {
      if (editable) await deps.blobs.delete(editable.key).catch(() => undefined);
      throw err;
    }
  } catch (err) {
    deps.log.error({ err, documentId: id }, 'document processing failed');
    const reason =
      err instanceof WorkError && (err.failure === 'timeout' || err.failure === 'memory')
        ? `${overBudget(err)}. Split it into smaller documents and upload them separately.`
        : 'Processing failed unexpectedly. Please upload the document again.';
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

/** Boot: finish what a crash interrupted, and remove files no row refers to. */
export async function recoverDocuments(deps: Deps, opts: { orphanGraceMs: number }) {
  const db = deps.database.db;
  const removedTemp = await deps.blobs.cleanupTemp();
  const referenced = await repo.referencedBlobKeys(db);
  let removedOrphans = 0;
  for await (const key of deps.blobs.list()) {
    if (referenced.has(key)) continue;
    if (opts.orphanGraceMs > 0 && !(await olderThan(deps, key, opts.orphanGraceMs))) continue;
    await deps.blobs.delete(key);
    removedOrphans += 1;
  }
  const unfinished = await repo.unfinishedDocumentIds(db);
  for (const id of unfinished) await processDocument(deps, id);
  if (removedTemp + removedOrphans + unfinished.length > 0) {
    deps.log.info({ removedTemp, removedOrphans, reprocessed: unfinished.length }, 'recovered after an interrupted run');
  }
}

async function olderThan(deps: Deps, key: string, ms: number) {
  const stat = await deps.blobs.stat(key);
  return stat ? deps.clock.now().getTime() - stat.modifiedAt.getTime() > ms : false;
}
