/**
 * PUT /api/documents/:id/content: every save is a new version; the one it was based on stays.
 * A save based on an older version than the current one is merged three ways onto it: the
 * user's changes apply when they touch other paragraphs than the newer version's (a version of
 * kind 'merge'); where both changed the same paragraph, the user's version is kept in the history
 * as a conflict and the answer (409) names the paragraphs. Nothing typed is ever discarded
 * (docs/decisions/026-versions.md).
 */
import type { SaveResult } from '@common/schemas/versions';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/app-error';
import type { SaveInput, SaveOutcome } from '../../work/save-task';
import { RETRY_AFTER_SECONDS, WorkError, seconds } from '../../work/work-error';
import type { Actor } from '../auth/auth.service';
import * as repo from './documents.repo';
import { editableBytes } from './version-bytes';
import { oneAtATime } from './document-queue';
import { getDocument } from './documents.service';
import { storeVersion } from './store-version';

/**
 * Saves that keep losing the race to other instances' saves (this one's run one at a time) are
 * merged again this many times before the user is asked to retry.
 */
const ATTEMPTS = 5;

/**
 * What the editor's document is based on: a version ('version', its editable copy), or, after a
 * save of that editor was merged onto a newer version, that merge's saver copy ('saver': the
 * editor still shows its own document without the other side's changes, so its next save is
 * merged from there, always three ways).
 */
export type BaseCopy = 'version' | 'saver';

export function saveContent(deps: Deps, actor: Actor, id: number, baseVersion: number, bytes: Uint8Array, baseCopy: BaseCopy = 'version'): Promise<SaveResult> {
  return oneAtATime(id, () => save(deps, actor, id, baseVersion, bytes, baseCopy));
}

async function save(deps: Deps, actor: Actor, id: number, baseVersion: number, bytes: Uint8Array, baseCopy: BaseCopy): Promise<SaveResult> {
  const doc = await getDocument(deps, actor, id);
  const base = await repo.findVersion(deps.database.db, id, baseVersion);
  if (!base || (baseCopy === 'saver' && !base.saverBlobKey)) {
    const which = baseCopy === 'saver' ? `the saver's copy of version ${baseVersion}, which is not a merge` : `version ${baseVersion}, which this document does not have`;
    throw new AppError('conflict', `This save is based on ${which} (it is at version ${doc.currentVersion}). Reload it to get the latest version.`, { currentVersion: doc.currentVersion });
  }
  const baseBytes = baseCopy === 'saver' ? await deps.blobs.get(base.saverBlobKey!) : await editableBytes(deps, base);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await repo.latestVersion(deps.database.db, id);
    if (!current) throw notFound('Document');
    const stale = current.version !== baseVersion || baseCopy === 'saver';
    const theirs = stale ? await editableBytes(deps, current) : undefined;
    const outcome = await merged(deps, id, baseVersion, { base: baseBytes, edited: bytes, theirs });
    if (!outcome.ok) throw new AppError('unprocessable', `The editor sent a document that cannot be stored: ${outcome.reason}`);
    const { processed, summary, threeWay } = outcome;

    if (threeWay && !threeWay.merged) {
      const version = await storeVersion(deps, { documentId: id, userId: actor.id, baseVersion: 'latest', processed, kind: 'save', conflict: true, summary });
      if (version === undefined) throw notFound('Document');
      deps.log.warn({ documentId: id, baseVersion, currentVersion: current.version, version, conflicts: threeWay.conflicts.length }, 'save kept as a conflict');
      throw conflict(current.version, version, threeWay.conflicts);
    }
    const kind = threeWay ? 'merge' : 'save';
    const saverCopy = threeWay?.saverCopy;
    const version = await storeVersion(deps, { documentId: id, userId: actor.id, baseVersion: current.version, processed, kind, summary, saverCopy });
    if (version === undefined) continue; // another save came first: merge onto it
    deps.log.info({ documentId: id, version, kind, bytes: processed.stored.length }, 'document saved');
    // The version this save stored, even if another was stored since: the editor's next save is
    // based on what it holds, never on a version it has not seen.
    const saved = await getDocument(deps, actor, id);
    return { ...saved, currentVersion: version, merged: threeWay ? { with: current.version, paragraphs: threeWay.paragraphs } : null };
  }
  throw new AppError('unavailable', `Other saves of this document kept arriving first, so this save was not stored. ${NOTHING_LOST} Save again in a few seconds.`, undefined, {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });
}

/**
 * The editor rewrites far more than the user changed (docs/editor.md), so its bytes are merged
 * into the editable copy it opened: only what the user changed changes (docs/decisions/006-merge-every-save-into-its-base.md). The check of
 * the editor's bytes, the merge and the processing of the result run as one task in the work
 * pool (server/work/save-task.ts), within its budgets. Whatever the merge was unsure of is logged.
 */
async function merged(deps: Deps, id: number, baseVersion: number, input: SaveInput): Promise<SaveOutcome> {
  let outcome: SaveOutcome;
  try {
    outcome = await deps.work.run('save', input);
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

function conflict(current: number, kept: number, conflicts: SaveConflicts) {
  const paragraphs = conflicts.length === 1 ? 'a paragraph' : `${conflicts.length} paragraphs`;
  return new AppError(
    'conflict',
    `This document was changed elsewhere in ${conflicts.length === 0 ? 'a way that cannot be merged with your changes' : `${paragraphs} you also changed`} (it is now at version ${current}). Your version is kept in the history as version ${kept}: compare the two, keep yours, or keep theirs.`,
    { currentVersion: current, conflictVersion: kept, conflicts: conflicts.map(({ part, paraId, base, mine, theirs }) => ({ part, paraId: paraId ?? null, base, mine, theirs })) },
  );
}

type SaveConflicts = Extract<NonNullable<Extract<SaveOutcome, { ok: true }>['threeWay']>, { merged: false }>['conflicts'];
