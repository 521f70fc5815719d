/**
 * PUT /api/documents/:id/content: every save is a new version; the one it was based on stays.
 * A save based on anything but the latest version is refused (409), so two tabs or two devices
 * never silently overwrite each other.
 */
import type { Document } from '@common/schemas/documents';
import type { Deps } from '../../deps';
import { mergeSave } from '../../docx/merge/merge';
import { type ProcessResult, processDocx } from '../../docx/process';
import { AppError } from '../../http/app-error';
import type { Actor } from '../auth/auth.service';
import * as repo from './documents.repo';
import { getDocument } from './documents.service';

export async function saveContent(deps: Deps, actor: Actor, id: number, baseVersion: number, bytes: Uint8Array): Promise<Document> {
  const doc = await getDocument(deps, actor, id);
  if (doc.currentVersion !== baseVersion) throw stale(doc.currentVersion);
  const checked = processDocx(bytes);
  if (!checked.ok) throw new AppError('unprocessable', `The editor sent a document that cannot be stored: ${checked.reason}`);
  const { stored, processed } = await mergedIntoBase(deps, id, baseVersion, bytes, checked);

  const blob = await deps.blobs.put(stored);
  const needsEditable = !sameBytes(processed.editable, stored);
  const editable = needsEditable ? await deps.blobs.put(processed.editable) : null;
  const version = await repo
    .appendVersion(deps.database.db, {
      documentId: id,
      userId: actor.id,
      baseVersion,
      blob,
      editableBlobKey: editable?.key ?? null,
      plainText: processed.text,
      wordCount: processed.wordCount,
    })
    .catch(async (err: unknown) => {
      await discard(deps, blob.key, editable?.key);
      throw err;
    });
  if (version === undefined) {
    await discard(deps, blob.key, editable?.key);
    throw stale((await getDocument(deps, actor, id)).currentVersion);
  }
  deps.log.info({ documentId: id, version, bytes: blob.size }, 'document saved');
  return getDocument(deps, actor, id);
}

type Processed = Extract<ProcessResult, { ok: true }>;

/**
 * The editor rewrites far more than the user changed (shared/EDITOR.md), so its bytes are merged
 * into the editable copy it opened: only what the user changed changes (issue 5). Whatever the
 * merge was unsure of is logged; if the merged document did not process, the editor's is stored.
 */
async function mergedIntoBase(deps: Deps, id: number, baseVersion: number, bytes: Uint8Array, checked: Processed) {
  const version = await repo.findVersion(deps.database.db, id, baseVersion);
  if (!version) return { stored: bytes, processed: checked };
  const { bytes: merged, report } = mergeSave(await deps.blobs.get(version.editableBlobKey ?? version.blobKey), bytes);
  const log = { documentId: id, baseVersion, ms: Math.round(report.ms), paragraphs: report.paragraphs };
  if (report.fallbacks.length > 0) deps.log.warn({ ...log, fallbacks: report.fallbacks }, "save merge kept parts of the editor's version");
  else deps.log.info(log, 'save merged');
  const processed = merged === bytes ? checked : processDocx(merged);
  if (processed.ok) return { stored: merged, processed };
  deps.log.error({ ...log, reason: processed.detail ?? processed.reason }, "merged save did not process; the editor's version is stored");
  return { stored: bytes, processed: checked };
}

async function discard(deps: Deps, ...keys: Array<string | undefined>) {
  for (const key of keys) if (key) await deps.blobs.delete(key).catch(() => undefined);
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.length), Buffer.from(b.buffer, b.byteOffset, b.length)) === 0;
}

const stale = (current: number) =>
  new AppError(
    'conflict',
    `This document was changed elsewhere (it is now at version ${current}). Reload it to get the latest version; your unsaved changes are not stored.`,
    { currentVersion: current },
  );
