/**
 * The one way a new version is stored, whoever made it (the embedded editor's save, a Document
 * Server's callback): the files first, durable, then the rows that name them in one transaction.
 * Should the rows not commit, the files are removed again, so nothing is left half-written.
 */
import type { Deps } from '../../deps';
import type { ProcessResult } from '../../docx/process';
import { sameBytes } from '../../docx/bytes';
import * as repo from './documents.repo';
import { storePreviousAsDelta } from './version-bytes';

type Processed = Extract<ProcessResult, { ok: true }>;

export type NewVersion = Pick<repo.NewVersion, 'documentId' | 'userId' | 'baseVersion' | 'kind' | 'restoredFrom' | 'conflict' | 'summary'> & {
  processed: Processed;
  /** For a merge: the saver's own document before the merge, kept for that editor's next save. */
  saverCopy?: Uint8Array;
};

/** Returns the new version number, or undefined when `baseVersion` is no longer the latest. */
export async function storeVersion(deps: Deps, input: NewVersion, alsoInTransaction?: repo.AlsoInTransaction): Promise<number | undefined> {
  const { processed } = input;
  const blob = await deps.blobs.put(processed.stored);
  let editableKey: string | undefined;
  let saverKey: string | undefined;
  let previous: number | undefined;
  let version: number | undefined;
  try {
    if (!sameBytes(processed.editable, processed.stored)) editableKey = (await deps.blobs.put(processed.editable)).key;
    if (input.saverCopy) saverKey = (await deps.blobs.put(input.saverCopy)).key;
    version = await repo.appendVersion(
      deps.database.db,
      {
        documentId: input.documentId,
        userId: input.userId,
        baseVersion: input.baseVersion,
        kind: input.kind,
        restoredFrom: input.restoredFrom,
        conflict: input.conflict,
        summary: input.summary,
        blob,
        editableBlobKey: editableKey ?? null,
        saverBlobKey: saverKey ?? null,
        plainText: processed.text,
        wordCount: processed.wordCount,
      },
      async (tx, n, before) => {
        previous = before;
        await alsoInTransaction?.(tx, n, before);
      },
    );
  } catch (err) {
    await discard(deps, blob.key, editableKey, saverKey);
    throw err;
  }
  if (version === undefined) {
    await discard(deps, blob.key, editableKey, saverKey);
    return undefined;
  }
  // Stored. The version this one replaced now keeps only what it does not share with it (decision 027).
  if (!input.conflict && previous !== undefined) await storePreviousAsDelta(deps, input.documentId, previous, { version, bytes: processed.stored });
  return version;
}

async function discard(deps: Deps, ...keys: Array<string | undefined>) {
  for (const key of keys) if (key) await deps.blobs.delete(key).catch(() => undefined);
}
