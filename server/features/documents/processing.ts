/**
 * uploaded -> processing -> complete | error. Processing extracts the text (search, assistant),
 * counts words and stores the editing copy with paragraph ids. It runs right after an upload and,
 * for anything a crash interrupted, again at boot.
 */
import type { Deps } from '../../deps';
import { processDocx, type ProcessResult } from '../../docx/process';
import * as repo from './documents.repo';

/** `precomputed` is the upload's own processing of the same bytes, so they are not read twice. */
export async function processDocument(deps: Deps, id: number, precomputed?: ProcessResult) {
  const db = deps.database.db;
  const version = await repo.latestVersion(db, id);
  if (!version) return;
  await repo.setStatus(db, id, 'processing');
  try {
    const result = precomputed ?? processDocx(await deps.blobs.get(version.blobKey));
    if (!result.ok) {
      await repo.markFailed(db, id, result.reason, deps.clock.now());
      deps.log.info({ documentId: id, reason: result.reason }, 'document processing refused the content');
      return;
    }
    const editable = await deps.blobs.put(result.editable);
    try {
      await repo.markProcessed(db, id, {
        plainText: result.text,
        wordCount: result.wordCount,
        editableBlobKey: editable.key,
        processedAt: deps.clock.now(),
      });
    } catch (err) {
      await deps.blobs.delete(editable.key).catch(() => undefined);
      throw err;
    }
  } catch (err) {
    deps.log.error({ err, documentId: id }, 'document processing failed');
    await repo.markFailed(db, id, 'Processing failed unexpectedly. Please upload the document again.', deps.clock.now());
  }
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
