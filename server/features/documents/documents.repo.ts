import { TransactionRollbackError, and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Prepared, prepare, statements } from '../../db/prepared';
import { documents, documentVersions } from '../../db/schema';
import * as jobs from '../../jobs/jobs.repo';
import { PROCESS_DOCUMENT, processingJobKey } from './processing-job';
import type { VersionKind, VersionSummary } from '@common/schemas/versions';

const documentColumns = {
  id: documents.id,
  filename: documents.filename,
  originalName: documents.originalName,
  fileSize: documents.fileSize,
  mimeType: documents.mimeType,
  status: documents.status,
  statusReason: documents.statusReason,
  userId: documents.userId,
  uploadedAt: documents.uploadedAt,
  processedAt: documents.processedAt,
  lastOpenedAt: documents.lastOpenedAt,
  archivedAt: documents.archivedAt,
  wordCount: documents.wordCount,
  currentVersion: documents.currentVersion,
};

/** A document as the list and the API describe it (its text stays in the database). */
export type DocumentRow = Pick<typeof documents.$inferSelect, keyof typeof documentColumns>;

type NewDocument = {
  userId: number;
  originalName: string;
  mimeType: string;
  blob: { key: string; size: number; sha256: string };
  kind: Extract<VersionKind, 'upload' | 'template'>;
  /**
   * The processing job committed with the rows, held back this long: the uploader finishes the
   * processing itself and removes the job; if it dies first, any instance takes the job up.
   */
  processingDelayMs: number;
};

/** The document row and its version 1 commit together or not at all. */
export async function insertDocumentWithVersion(db: Db, input: NewDocument) {
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .insert(documents)
      .values({
        filename: `${input.blob.key}.docx`,
        originalName: input.originalName,
        fileSize: input.blob.size,
        mimeType: input.mimeType,
        userId: input.userId,
        currentVersion: 1,
      })
      .returning(documentColumns);
    await tx.insert(documentVersions).values({
      documentId: doc!.id,
      version: 1,
      blobKey: input.blob.key,
      byteSize: input.blob.size,
      sha256: input.blob.sha256,
      createdBy: input.userId,
      kind: input.kind,
    });
    await jobs.enqueue(tx, { kind: PROCESS_DOCUMENT, key: processingJobKey(doc!.id), payload: { documentId: doc!.id }, delayMs: input.processingDelayMs });
    return doc!;
  });
}

const oneDocument = prepare<DocumentRow, 'id' | 'userId'>(
  'document_by_id',
  documentColumns,
  statements
    .select(documentColumns)
    .from(documents)
    .where(and(eq(documents.id, sql.placeholder('id')), eq(documents.userId, sql.placeholder('userId')))),
);

export async function findDocument(db: Db, userId: number, id: number): Promise<DocumentRow | undefined> {
  const [row] = await oneDocument.run(db, { id, userId });
  return row;
}

type ListView = 'all' | 'recent' | 'archive';

/** The library's lists: one statement per view, with and without a search, each written once. */
function listStatement<Search extends boolean>(view: ListView, search: Search): Prepared<DocumentRow, Search extends true ? 'userId' | 'pattern' : 'userId'> {
  const filters = [eq(documents.userId, sql.placeholder('userId'))];
  filters.push(view === 'archive' ? isNotNull(documents.archivedAt) : isNull(documents.archivedAt));
  if (view === 'recent') filters.push(isNotNull(documents.lastOpenedAt));
  if (search) filters.push(or(ilike(documents.originalName, sql.placeholder('pattern')), ilike(documents.plainText, sql.placeholder('pattern')))!);
  const order = view === 'recent' ? [desc(documents.lastOpenedAt), desc(documents.id)] : [desc(documents.uploadedAt), desc(documents.id)];
  return prepare(
    `documents_${view}${search ? '_search' : ''}`,
    documentColumns,
    statements
      .select(documentColumns)
      .from(documents)
      .where(and(...filters))
      .orderBy(...order),
  );
}

const lists = {
  all: { plain: listStatement('all', false), search: listStatement('all', true) },
  recent: { plain: listStatement('recent', false), search: listStatement('recent', true) },
  archive: { plain: listStatement('archive', false), search: listStatement('archive', true) },
};

export async function listDocuments(db: Db, userId: number, opts: { view: ListView; q?: string }): Promise<DocumentRow[]> {
  if (!opts.q) return lists[opts.view].plain.run(db, { userId });
  const pattern = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return lists[opts.view].search.run(db, { userId, pattern });
}

/** What a version's files are: whole, or a delta against another version (docs/decisions/027). */
const versionFiles = {
  id: documentVersions.id,
  version: documentVersions.version,
  blobKey: documentVersions.blobKey,
  editableBlobKey: documentVersions.editableBlobKey,
  saverBlobKey: documentVersions.saverBlobKey,
  deltaBlobKey: documentVersions.deltaBlobKey,
  deltaSource: documentVersions.deltaSource,
  chainLength: documentVersions.chainLength,
  byteSize: documentVersions.byteSize,
  sha256: documentVersions.sha256,
};
export type VersionFiles = { [K in keyof typeof versionFiles]: (typeof documentVersions.$inferSelect)[K] };

/** The document's current version (a conflict kept beside it may have a higher number). */
export async function latestVersion(db: Db, documentId: number): Promise<VersionFiles | undefined> {
  const [row] = await db
    .select(versionFiles)
    .from(documentVersions)
    .innerJoin(documents, and(eq(documents.id, documentVersions.documentId), eq(documents.currentVersion, documentVersions.version)))
    .where(eq(documentVersions.documentId, documentId));
  return row;
}

/** The files of one version: the save merge reads the editable copy the editor was given. */
export async function findVersion(db: Db, documentId: number, version: number): Promise<VersionFiles | undefined> {
  const [row] = await db
    .select(versionFiles)
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)));
  return row;
}

export async function findVersionById(db: Db, id: number): Promise<VersionFiles | undefined> {
  const [row] = await db.select(versionFiles).from(documentVersions).where(eq(documentVersions.id, id));
  return row;
}

/**
 * Stores a whole version as a delta against a newer whole one, in one transaction: only while
 * it is still whole under `wholeKey` and its source still whole too (another instance may have
 * got there first). The source then carries the longer chain. False when nothing changed.
 */
export async function storeAsDelta(db: Db, d: { id: number; wholeKey: string; deltaKey: string; sourceId: number; chainLength: number }) {
  return db.transaction(async (tx) => {
    const [source] = await tx
      .update(documentVersions)
      .set({ chainLength: sql`greatest(${documentVersions.chainLength}, ${d.chainLength})` })
      .where(and(eq(documentVersions.id, d.sourceId), isNotNull(documentVersions.blobKey)))
      .returning({ id: documentVersions.id });
    if (!source) return false;
    const [done] = await tx
      .update(documentVersions)
      .set({
        blobKey: null,
        // An editable copy that was the version's own file goes with it: readers then rebuild the version.
        editableBlobKey: sql`nullif(${documentVersions.editableBlobKey}, ${d.wholeKey})`,
        deltaBlobKey: d.deltaKey,
        deltaSource: d.sourceId,
        chainLength: 0,
      })
      .where(and(eq(documentVersions.id, d.id), eq(documentVersions.blobKey, d.wholeKey), eq(documentVersions.chainLength, d.chainLength - 1)))
      .returning({ id: documentVersions.id });
    if (!done) tx.rollback();
    return true;
  }).catch((err: unknown) => {
    if (err instanceof TransactionRollbackError) return false;
    throw err;
  });
}

/** Not finished processing: the only statuses processing may move on from (another run may have finished first). */
const unfinished = (id: number) => and(eq(documents.id, id), inArray(documents.status, ['uploaded', 'processing']));

/** 'processing' if the document is not finished yet; false if it is (nothing to do). */
export async function setProcessing(db: Db, id: number): Promise<boolean> {
  const rows = await db.update(documents).set({ status: 'processing', statusReason: null }).where(unfinished(id)).returning({ id: documents.id });
  return rows.length > 0;
}

export async function markProcessed(
  db: Db,
  id: number,
  result: { plainText: string; wordCount: number; editableBlobKey: string | null; processedAt: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .update(documents)
      .set({
        status: 'complete',
        statusReason: null,
        plainText: result.plainText,
        wordCount: result.wordCount,
        processedAt: result.processedAt,
      })
      .where(unfinished(id))
      .returning({ id: documents.id });
    if (!doc) return false;
    await tx
      .update(documentVersions)
      .set({ editableBlobKey: result.editableBlobKey })
      .where(and(eq(documentVersions.documentId, id), eq(documentVersions.version, 1)));
    return true;
  });
}

export async function markFailed(db: Db, id: number, reason: string, processedAt: Date) {
  await db.update(documents).set({ status: 'error', statusReason: reason, processedAt }).where(unfinished(id));
}

export async function setArchived(db: Db, userId: number, id: number, archivedAt: Date | null) {
  const [row] = await db
    .update(documents)
    .set({ archivedAt })
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning({ id: documents.id });
  return row !== undefined;
}

export async function touchOpened(db: Db, id: number, at: Date) {
  await db.update(documents).set({ lastOpenedAt: at }).where(eq(documents.id, id));
}

const fileKeys = {
  blobKey: documentVersions.blobKey,
  editableBlobKey: documentVersions.editableBlobKey,
  saverBlobKey: documentVersions.saverBlobKey,
  deltaBlobKey: documentVersions.deltaBlobKey,
};

/** Deletes the document and its versions; returns the blob keys that now belong to nobody. */
export async function deleteDocument(db: Db, userId: number, id: number): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const keys = await tx
      .select(fileKeys)
      .from(documentVersions)
      .innerJoin(documents, eq(documents.id, documentVersions.documentId))
      .where(and(eq(documents.id, id), eq(documents.userId, userId)));
    const [gone] = await tx
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.userId, userId)))
      .returning({ id: documents.id });
    if (!gone) return undefined;
    return keys.flatMap(blobKeysOf);
  });
}

/** Every file a version row names. */
const blobKeysOf = (k: { [K in keyof typeof fileKeys]: string | null }) =>
  [k.blobKey, k.editableBlobKey, k.saverBlobKey, k.deltaBlobKey].filter((key): key is string => key !== null);

/** Every blob key a row refers to: the reconciliation's notion of "not an orphan". */
export async function referencedBlobKeys(db: Db): Promise<Set<string>> {
  const rows = await db.select(fileKeys).from(documentVersions);
  return new Set(rows.flatMap(blobKeysOf));
}

/** Documents a crash interrupted between upload and the end of processing. */
export async function unfinishedDocumentIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(inArray(documents.status, ['uploaded', 'processing']));
  return rows.map((r) => r.id);
}

export type NewVersion = {
  documentId: number;
  userId: number;
  /** The version the new one replaces; 'latest' for a Document Server's save, which follows whatever is newest. */
  baseVersion: number | 'latest';
  blob: { key: string; size: number; sha256: string };
  editableBlobKey: string | null;
  /** For a merge: the saver's own document before the merge (documentVersions.saverBlobKey). */
  saverBlobKey?: string | null;
  plainText: string;
  wordCount: number;
  kind: Exclude<VersionKind, 'upload' | 'template'>;
  restoredFrom?: number;
  /** Kept in the history beside the current version, never as it (a save that collided). */
  conflict?: boolean;
  summary?: VersionSummary | null;
};

/** More writes that must commit with the version or not at all; `previous` was the current version until this one. */
export type AlsoInTransaction = (tx: Db, version: number, previous: number) => Promise<void>;

/**
 * Appends the next version number if the document is still at `base` (row lock, so two saves on
 * the same base cannot both win, and numbers never repeat or skip). A conflict takes a number but
 * leaves the document as it is. Returns the new version number, or undefined for a stale base.
 */
export async function appendVersion(db: Db, v: NewVersion, alsoInTransaction?: AlsoInTransaction): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ currentVersion: documents.currentVersion })
      .from(documents)
      .where(and(eq(documents.id, v.documentId), eq(documents.userId, v.userId)))
      .for('update');
    if (!current || (v.baseVersion !== 'latest' && current.currentVersion !== v.baseVersion)) return undefined;
    const [last] = await tx
      .select({ n: sql<number>`max(${documentVersions.version})`.mapWith(Number) })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, v.documentId));
    const version = (last?.n ?? 0) + 1;
    await tx.insert(documentVersions).values({
      documentId: v.documentId,
      version,
      blobKey: v.blob.key,
      editableBlobKey: v.editableBlobKey,
      saverBlobKey: v.saverBlobKey ?? null,
      byteSize: v.blob.size,
      sha256: v.blob.sha256,
      createdBy: v.userId,
      kind: v.kind,
      restoredFrom: v.restoredFrom ?? null,
      conflict: v.conflict ?? false,
      summary: v.summary ?? null,
    });
    if (!v.conflict) {
      await tx
        .update(documents)
        // The row describes the current version: its size and the name it is stored under.
        .set({ currentVersion: version, plainText: v.plainText, wordCount: v.wordCount, fileSize: v.blob.size, filename: `${v.blob.key}.docx` })
        .where(eq(documents.id, v.documentId));
    }
    await alsoInTransaction?.(tx, version, current.currentVersion);
    return version;
  });
}

/** The owner of a document, for callers that act for the system rather than a signed-in user. */
export async function findOwner(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ userId: documents.userId }).from(documents).where(eq(documents.id, id));
  return row?.userId ?? undefined;
}
