/**
 * PUT /api/documents/:id/content: every save is a new version; the one it was based on stays.
 * A save based on anything but the latest version is refused (409), so two tabs or two devices
 * never silently overwrite each other.
 */
import type { Document } from '@common/schemas/documents';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SaveOutcome } from '../../work/save-task';
import { RETRY_AFTER_SECONDS, WorkError, seconds } from '../../work/work-error';
import type { Actor } from '../auth/auth.service';
import * as repo from './documents.repo';
import { getDocument } from './documents.service';
import { storeVersion } from './store-version';

export async function saveContent(deps: Deps, actor: Actor, id: number, baseVersion: number, bytes: Uint8Array): Promise<Document> {
  const doc = await getDocument(deps, actor, id);
  if (doc.currentVersion !== baseVersion) throw stale(doc.currentVersion);
  const outcome = await mergedIntoBase(deps, id, baseVersion, bytes);
  if (!outcome.ok) throw new AppError('unprocessable', `The editor sent a document that cannot be stored: ${outcome.reason}`);
  const { processed } = outcome;

  const version = await storeVersion(deps, { documentId: id, userId: actor.id, baseVersion, processed });
  if (version === undefined) throw stale((await getDocument(deps, actor, id)).currentVersion);
  deps.log.info({ documentId: id, version, bytes: processed.stored.length }, 'document saved');
  return getDocument(deps, actor, id);
}

/**
 * The editor rewrites far more than the user changed (docs/editor.md), so its bytes are merged
 * into the editable copy it opened: only what the user changed changes (docs/decisions/006-merge-every-save-into-its-base.md). The check of
 * the editor's bytes, the merge and the processing of the result run as one task in the work
 * pool (server/work/save-task.ts), within its budgets. Whatever the merge was unsure of is logged.
 */
async function mergedIntoBase(deps: Deps, id: number, baseVersion: number, edited: Uint8Array): Promise<SaveOutcome> {
  const version = await repo.findVersion(deps.database.db, id, baseVersion);
  const base = version ? await deps.blobs.get(version.editableBlobKey ?? version.blobKey) : undefined;
  let outcome: SaveOutcome;
  try {
    outcome = await deps.work.run('save', { base, edited });
  } catch (err) {
    if (!(err instanceof WorkError)) throw err;
    deps.log.warn({ documentId: id, baseVersion, failure: err.failure, limit: err.limit }, 'save stopped by the work budget; nothing stored');
    throw saveRefused(err);
  }
  if (!outcome.ok || !outcome.merge) return outcome;
  const { merge } = outcome;
  const log = { documentId: id, baseVersion, ms: Math.round(merge.ms), paragraphs: merge.paragraphs };
  if (merge.fallbacks.length > 0) deps.log.warn({ ...log, fallbacks: merge.fallbacks }, "save merge kept parts of the editor's version");
  else deps.log.info(log, 'save merged');
  if (outcome.mergedFailure !== undefined) {
    deps.log.error({ ...log, reason: outcome.mergedFailure }, "merged save did not process; the editor's version (checked the same way) is stored");
  }
  return outcome;
}

/**
 * A save over its budget is not stored at all: storing the editor's version instead would
 * undo the merge's protection of everything the user did not change.
 */
const NOTHING_LOST = 'Nothing is lost: your edits are still in the editor, and the saved document is unchanged.';

function saveRefused(err: WorkError): Error {
  switch (err.failure) {
    case 'busy':
      return new AppError('unavailable', `The server is busy saving other documents, so this save was not stored. ${NOTHING_LOST} Save again in a few seconds.`, undefined, {
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
    case 'timeout':
      return new AppError(
        'unprocessable',
        `Your changes could not be merged into the saved document within the ${seconds(err.limit ?? 0)} a save may take, so this save was not stored. ${NOTHING_LOST} Try saving again; if it keeps failing, make fewer changes between saves.`,
        { reason: 'time_budget' },
      );
    case 'memory':
      return new AppError(
        'unprocessable',
        `Your changes could not be merged into the saved document within the memory a save may use, so this save was not stored. ${NOTHING_LOST} Try saving again; if it keeps failing, make fewer changes between saves.`,
        { reason: 'memory_budget' },
      );
    case 'failed':
      return err;
  }
}

const stale = (current: number) =>
  new AppError(
    'conflict',
    `This document was changed elsewhere (it is now at version ${current}). Reload it to get the latest version; your unsaved changes are not stored.`,
    { currentVersion: current },
  );
