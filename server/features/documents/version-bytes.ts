/**
 * The one way to read a version's bytes, whether it is stored whole or as a delta against a newer
 * version (docs/decisions/027-version-storage.md), and the step that turns the version a save
 * replaced into such a delta.
 */
import { Readable } from 'node:stream';
import type { Deps } from '../../deps';
import { BlobNotFoundError } from '../../adapters/blob-store';
import { AppError } from '../../http/app-error';
import { WorkError } from '../../work/work-error';
import * as repo from './documents.repo';

/**
 * How many deltas a read may have to apply: past it the older version stays whole. A read then
 * costs one whole file and at most this many small ones; the storage one whole copy per this
 * many saves.
 */
export const MAX_CHAIN = 32;

/** The version's bytes exactly as stored. */
export async function storedBytes(deps: Deps, v: repo.VersionFiles): Promise<Uint8Array> {
  if (v.blobKey) {
    try {
      return await deps.blobs.get(v.blobKey);
    } catch (err) {
      // Made a delta between reading its row and its file: read it again as what it is now.
      if (!(err instanceof BlobNotFoundError)) throw err;
      const now = await repo.findVersionById(deps.database.db, v.id);
      if (!now || now.blobKey) throw err;
      return rebuilt(deps, now);
    }
  }
  return rebuilt(deps, v);
}

/** The copy the editor opens and the save merge reads: the editable copy when there is one. */
export async function editableBytes(deps: Deps, v: repo.VersionFiles): Promise<Uint8Array> {
  if (!v.editableBlobKey) return storedBytes(deps, v);
  try {
    return await deps.blobs.get(v.editableBlobKey);
  } catch (err) {
    // An editable copy that was the version's own file goes when the version becomes a delta.
    if (!(err instanceof BlobNotFoundError) || v.editableBlobKey !== v.blobKey) throw err;
    const now = await repo.findVersionById(deps.database.db, v.id);
    if (!now || now.editableBlobKey) throw err;
    return storedBytes(deps, now);
  }
}

/** For a download: a whole version streams from its file; a rebuilt one from memory. */
export async function storedStream(deps: Deps, v: repo.VersionFiles): Promise<Readable> {
  if (v.blobKey) {
    try {
      return await deps.blobs.stream(v.blobKey);
    } catch (err) {
      if (!(err instanceof BlobNotFoundError)) throw err;
    }
  }
  return Readable.from([Buffer.from(await storedBytes(deps, v))]);
}

async function rebuilt(deps: Deps, v: repo.VersionFiles, attempt = 1): Promise<Uint8Array> {
  const chain: repo.VersionFiles[] = [v];
  for (let at = v; !at.blobKey; ) {
    if (chain.length > MAX_CHAIN + 1 || at.deltaSource === null) throw new Error(`Version row ${v.id} has a broken delta chain.`);
    const next = await repo.findVersionById(deps.database.db, at.deltaSource);
    if (!next) throw new Error(`Version row ${v.id} has a broken delta chain.`);
    chain.push(next);
    at = next;
  }
  const whole = chain.at(-1)!;
  try {
    const [wholeBytes, ...deltas] = await Promise.all([
      deps.blobs.get(whole.blobKey!),
      ...chain.slice(0, -1).map((step) => deps.blobs.get(step.deltaBlobKey!)),
    ]);
    const steps = chain
      .slice(0, -1)
      .map((step, i) => ({ delta: deltas[i]!, byteSize: step.byteSize }))
      .reverse();
    return await deps.work.run('rebuild', { whole: wholeBytes!, steps, sha256: v.sha256 });
  } catch (err) {
    // The chain's whole end was made a delta in the meantime: follow the chain again, once.
    if (err instanceof BlobNotFoundError && attempt === 1) return rebuilt(deps, v, 2);
    if (err instanceof WorkError && err.failure === 'failed') {
      // A delta that does not rebuild its version is damaged storage: say so, without internals.
      deps.log.error({ err, versionRow: v.id }, 'a version stored as a delta could not be rebuilt');
      throw new AppError('internal', `Version ${v.version} could not be read: its stored data is damaged.`);
    }
    throw err;
  }
}

/**
 * After `current` became the document's current version: `previous` (the one it replaced) is
 * stored as a delta against it when that saves at least half its bytes and keeps every chain
 * within MAX_CHAIN. Best effort: the save is already stored, and a version left whole is only
 * bigger, never wrong; failures are logged, not raised.
 */
export async function storePreviousAsDelta(deps: Deps, documentId: number, previous: number, current: { version: number; bytes: Uint8Array }) {
  const db = deps.database.db;
  try {
    const [prev, cur] = await Promise.all([repo.findVersion(db, documentId, previous), repo.findVersion(db, documentId, current.version)]);
    if (!prev?.blobKey || !cur?.blobKey || prev.id === cur.id) return;
    if (prev.chainLength + 1 > MAX_CHAIN) return;
    const target = await deps.blobs.get(prev.blobKey);
    const delta = await deps.work.run('delta', { source: current.bytes, target });
    if (!delta) return;
    const blob = await deps.blobs.put(delta);
    const stored = await repo.storeAsDelta(db, { id: prev.id, wholeKey: prev.blobKey, deltaKey: blob.key, sourceId: cur.id, chainLength: prev.chainLength + 1 });
    // Rows first, files after (as for a deleted document): a crash in between leaves an orphan the boot sweep removes.
    await deps.blobs.delete(stored ? prev.blobKey : blob.key);
  } catch (err) {
    deps.log.warn({ err, documentId, version: previous }, 'an older version stays whole: it could not be stored as a delta');
  }
}
