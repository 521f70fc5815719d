import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { editorKeys, editorSaves } from '../../db/schema';

export type EditorKey = { key: string; documentId: number; version: number; closedAt: Date | null };

const keyColumns = { key: editorKeys.key, documentId: editorKeys.documentId, version: editorKeys.version, closedAt: editorKeys.closedAt };

/**
 * The document's open key if it is at `version`; otherwise the stale one (a version stored some
 * other way since) is closed and `fresh` is issued. The partial unique index keeps it to one open
 * key per document when two editors open at once: the loser reads the winner's.
 */
export async function openKey(db: Db, documentId: number, version: number, fresh: string, now: Date): Promise<EditorKey> {
  return db.transaction(async (tx) => {
    const [open] = await tx.select(keyColumns).from(editorKeys).where(and(eq(editorKeys.documentId, documentId), isNull(editorKeys.closedAt))).for('update');
    if (open && open.version === version) return open;
    if (open) await tx.update(editorKeys).set({ closedAt: now }).where(eq(editorKeys.key, open.key));
    const [created] = await tx.insert(editorKeys).values({ key: fresh, documentId, version }).onConflictDoNothing().returning(keyColumns);
    if (created) return created;
    const [winner] = await tx.select(keyColumns).from(editorKeys).where(and(eq(editorKeys.documentId, documentId), isNull(editorKeys.closedAt)));
    return winner!;
  });
}

/** Closes whatever key is open for the document, then issues `fresh` at `version`. */
export async function renewKey(db: Db, documentId: number, version: number, fresh: string, now: Date): Promise<EditorKey> {
  return db.transaction(async (tx) => {
    await tx.update(editorKeys).set({ closedAt: now }).where(and(eq(editorKeys.documentId, documentId), isNull(editorKeys.closedAt)));
    const [created] = await tx.insert(editorKeys).values({ key: fresh, documentId, version }).returning(keyColumns);
    return created!;
  });
}

export async function findKey(db: Db, documentId: number, key: string): Promise<EditorKey | undefined> {
  const [row] = await db.select(keyColumns).from(editorKeys).where(and(eq(editorKeys.key, key), eq(editorKeys.documentId, documentId)));
  return row;
}

export async function touchKey(db: Db, key: string, now: Date) {
  await db.update(editorKeys).set({ lastCallbackAt: now }).where(eq(editorKeys.key, key));
}

/** The document's open key and when the Document Server last called back under it. */
export async function openKeyStatus(db: Db, documentId: number) {
  const [row] = await db
    .select({ key: editorKeys.key, lastCallbackAt: editorKeys.lastCallbackAt })
    .from(editorKeys)
    .where(and(eq(editorKeys.documentId, documentId), isNull(editorKeys.closedAt)));
  return row;
}

export async function closeKey(db: Db, key: string, now: Date) {
  await db.update(editorKeys).set({ closedAt: now }).where(and(eq(editorKeys.key, key), isNull(editorKeys.closedAt)));
}

/** The version a file with this hash was already stored as under this key, if it was. */
export async function findSave(db: Db, key: string, sha256: string): Promise<number | undefined> {
  const [row] = await db.select({ version: editorSaves.version }).from(editorSaves).where(and(eq(editorSaves.key, key), eq(editorSaves.sha256, sha256)));
  return row?.version;
}

/** The version the key's session is at, read under a lock in the transaction that appends a version. */
export async function lockedKeyVersion(tx: Db, key: string): Promise<number | undefined> {
  const [row] = await tx.select({ version: editorKeys.version }).from(editorKeys).where(eq(editorKeys.key, key)).for('update');
  return row?.version;
}

/**
 * Records a save in the transaction that appends its version, so a callback that arrives twice at
 * once stores one version: the second insert conflicts and its whole transaction rolls back.
 * A force-save moves the key's version on; a final save closes the key.
 */
export async function recordSave(tx: Db, save: { key: string; sha256: string; version: number; close: boolean; now: Date }) {
  await tx.insert(editorSaves).values({ key: save.key, sha256: save.sha256, version: save.version });
  await tx
    .update(editorKeys)
    .set({ version: save.version, ...(save.close ? { closedAt: save.now } : {}) })
    .where(eq(editorKeys.key, save.key));
}
