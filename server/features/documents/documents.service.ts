import type { Readable } from 'node:stream';
import type { Document, DocumentListQuery } from '@common/schemas/documents';
import type { VersionSummary } from '@common/schemas/versions';
import { checkUploadFile } from '@common/upload-rules';
import { DOCX_MIME_TYPE } from '@common/limits';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/app-error';
import type { Actor } from '../auth/auth.service';
import type { ProcessResult } from '../../docx/process';
import { cleanOriginalName } from './content-disposition';
import { removeByKey as removeJob } from '../../jobs/jobs.repo';
import { processDocument, processInPool } from './processing';
import { processingJobKey } from './processing-job';
import type { AlsoInTransaction } from './documents.repo';
import * as repo from './documents.repo';
import { type NewVersion, storeVersion } from './store-version';
import { editableBytes, storedBytes, storedStream } from './version-bytes';

export type IncomingFile = { name: string; mimeType: string | undefined; bytes: Uint8Array };

export function toDocument(row: NonNullable<Awaited<ReturnType<typeof repo.findDocument>>>): Document {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    ...row,
    uploadedAt: row.uploadedAt.toISOString(),
    processedAt: iso(row.processedAt),
    lastOpenedAt: iso(row.lastOpenedAt),
    archivedAt: iso(row.archivedAt),
  };
}

/** docs/product.md §5's checks on name and type, before any byte of content is read. */
export function checkIncomingName(name: string, mimeType: string | undefined) {
  const rejection = checkUploadFile({ name, type: mimeType });
  if (rejection) throw new AppError('unsupported_media_type', rejection.description);
}

/**
 * Stores an upload as version 1 and processes it. Content that is not a Word package is refused
 * before anything is stored; the bytes are durable before the rows that name them commit.
 */
export async function uploadDocument(deps: Deps, actor: Actor, file: IncomingFile): Promise<Document> {
  const originalName = cleanOriginalName(file.name);
  checkIncomingName(originalName, file.mimeType);
  // One pass over the bytes: content a Word package cannot be is refused before anything is
  // stored; an internal failure ('unreadable') is stored and marked `error` like any other.
  const processed = await processInPool(deps, file.bytes);
  if (!processed.ok && processed.code !== 'unreadable') {
    throw new AppError('unprocessable', processed.reason, { reason: processed.code });
  }
  return storeAndProcess(deps, actor, originalName, file.bytes, 'upload', processed);
}

/**
 * Shared by uploads and templates: one way a document comes into being. What is kept is what
 * processing says to keep (`stored`: the content policy applied), or the bytes as they came when
 * processing failed for a reason of ours.
 */
export async function storeAndProcess(
  deps: Deps,
  actor: Actor,
  originalName: string,
  bytes: Uint8Array,
  kind: 'upload' | 'template',
  precomputed?: ProcessResult,
) {
  const processed = precomputed ?? (await processInPool(deps, bytes));
  const blob = await deps.blobs.put(processed.ok ? processed.stored : bytes);
  let created: Awaited<ReturnType<typeof repo.insertDocumentWithVersion>>;
  try {
    created = await repo.insertDocumentWithVersion(deps.database.db, {
      userId: actor.id,
      originalName,
      mimeType: DOCX_MIME_TYPE,
      blob,
      kind,
      processingDelayMs: deps.config.jobs.leaseMs,
    });
  } catch (err) {
    await deps.blobs.delete(blob.key).catch(() => undefined);
    throw err;
  }
  deps.log.info({ documentId: created.id, bytes: blob.size }, 'document stored');
  try {
    await processDocument(deps, created.id, processed);
    await removeJob(deps.database.db, processingJobKey(created.id));
  } catch (err) {
    // Stored and acknowledged; the document's processing job finishes it once its lease runs out.
    deps.log.error({ err, documentId: created.id }, 'document processing failed; its job will try again');
  }
  return getDocument(deps, actor, created.id);
}

export async function listDocuments(deps: Deps, actor: Actor, query: DocumentListQuery) {
  const rows = await repo.listDocuments(deps.database.db, actor.id, query);
  return rows.map(toDocument);
}

export async function getDocument(deps: Deps, actor: Actor, id: number): Promise<Document> {
  const row = await repo.findDocument(deps.database.db, actor.id, id);
  if (!row) throw notFound('Document');
  return toDocument(row);
}

export async function openDownload(deps: Deps, actor: Actor, id: number): Promise<{ doc: Document; stream: Readable }> {
  const doc = await getDocument(deps, actor, id);
  const version = await repo.latestVersion(deps.database.db, id);
  if (!version) throw notFound('Document');
  return { doc, stream: await storedStream(deps, version) };
}

/** The version an editor opens now; opening counts for the Recent view. */
export async function openVersionForEditing(deps: Deps, actor: Actor, id: number) {
  const doc = await getDocument(deps, actor, id);
  if (doc.status !== 'complete') {
    throw new AppError('conflict', doc.status === 'error' ? (doc.statusReason ?? 'This document could not be processed.') : 'This document is still being processed.');
  }
  const version = await repo.latestVersion(deps.database.db, id);
  if (!version) throw notFound('Document');
  await repo.touchOpened(deps.database.db, id, deps.clock.now());
  return { doc, version };
}

/** The bytes the embedded editor opens: the editable copy, with paragraph ids. */
export async function openForEditing(deps: Deps, actor: Actor, id: number) {
  const { doc, version } = await openVersionForEditing(deps, actor, id);
  return { doc, version: version.version, bytes: await editableBytes(deps, version) };
}

/**
 * One version's bytes as stored, for a caller that proved its right to them some other way than a
 * session (a Document Server holding a signed file URL). Undefined when there is no such version.
 */
export async function readStoredVersion(deps: Deps, id: number, version: number): Promise<Uint8Array | undefined> {
  const row = await repo.findVersion(deps.database.db, id, version);
  return row ? storedBytes(deps, row) : undefined;
}

/**
 * Stores a processed document as the newest version for the document's owner, whatever version is
 * the latest now (a Document Server's save: the people editing there saw every version stored so
 * far, and history keeps the others). Undefined when the document is gone.
 */
export async function storeLatestVersion(deps: Deps, id: number, processed: NewVersion['processed'], alsoInTransaction?: AlsoInTransaction) {
  const owner = await repo.findOwner(deps.database.db, id);
  if (owner === undefined) return undefined;
  const summary = await summaryAgainstCurrent(deps, id, processed.editable);
  return storeVersion(deps, { documentId: id, userId: owner, baseVersion: 'latest', processed, kind: 'onlyoffice', summary }, alsoInTransaction);
}

/** What a version changes against the current one, for its history line; null when that cannot be said (a courtesy, never a failure). */
async function summaryAgainstCurrent(deps: Deps, id: number, after: Uint8Array): Promise<VersionSummary | null> {
  try {
    const current = await repo.latestVersion(deps.database.db, id);
    return current ? await deps.work.run('summarize', { before: await editableBytes(deps, current), after }) : null;
  } catch {
    return null;
  }
}

export async function setArchived(deps: Deps, actor: Actor, id: number, archived: boolean): Promise<Document> {
  const found = await repo.setArchived(deps.database.db, actor.id, id, archived ? deps.clock.now() : null);
  if (!found) throw notFound('Document');
  return getDocument(deps, actor, id);
}

/** Rows go first, in one transaction; files follow. A crash in between leaves only orphan files, which the boot sweep removes. */
export async function deleteDocument(deps: Deps, actor: Actor, id: number) {
  const keys = await repo.deleteDocument(deps.database.db, actor.id, id);
  if (!keys) throw notFound('Document');
  for (const key of keys) await deps.blobs.delete(key);
  deps.log.info({ documentId: id }, 'document deleted');
}

/** One version's files (callers have checked the document is the user's). */
export const findVersion = (deps: Deps, id: number, version: number) => repo.findVersion(deps.database.db, id, version);

/** The document's current version's files. */
export const findCurrentVersion = (deps: Deps, id: number) => repo.latestVersion(deps.database.db, id);
