/**
 * Versions share what they do not change (issue 15, point 5; docs/decisions/027): the version a
 * save replaces is kept as a delta against the new one, and every reader gets it back byte for
 * byte, or an error, never other bytes.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { saveDocx, uploadDocx } from '../../../tests/support/documents';
import { editDocx, paragraphTexts, replaceText } from '../../../tests/support/paragraph-edits';
import { longContractDocx } from '../../../tests/support/docx/long-contract';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { documentVersions } from '../../db/schema';
import * as repo from '../documents/documents.repo';
import { recoverDocuments } from '../documents/processing';
import { MAX_CHAIN, storedBytes } from '../documents/version-bytes';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedIn(t.app)).agent;
});
afterAll(() => t.close());

const CONTRACT = longContractDocx(40); // about twenty pages
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bytesOf = (res: { rawPayload: Buffer }) => new Uint8Array(res.rawPayload);
const download = async (id: number, n: number) => bytesOf(await owner.get(`/api/documents/${id}/versions/${n}/download`));

async function upload(): Promise<number> {
  const res = await uploadDocx(owner, CONTRACT, 'contract.docx');
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/**
 * Saves `count` one-word changes, each in a paragraph of its own, and records each version's bytes
 * as downloaded while it was the current one (stored whole).
 */
async function saveWords(id: number, count: number, asStored: Map<number, Uint8Array>) {
  const first = asStored.size;
  for (let i = first; i < first + count; i++) {
    const content = await owner.get(`/api/documents/${id}/content`);
    const base = Number(content.headers['x-document-version']);
    const clause = (i % 40) + 1;
    const paragraph = (Math.floor(i / 40) % 6) + 1;
    const edited = editDocx(bytesOf(content), replaceText(`Paragraph ${paragraph} of clause ${clause}.`, `Paragraph ${paragraph} of clause ${clause} (edit ${i}).`));
    const res = await saveDocx(owner, id, base, edited);
    expect(res.statusCode, res.body).toBe(200);
    const version = res.json().currentVersion as number;
    asStored.set(version, await download(id, version));
  }
}

const rows = (id: number) => t.database.db.select().from(documentVersions).where(eq(documentVersions.documentId, id)).orderBy(documentVersions.version);
const fileSize = async (key: string) => (await t.deps.blobs.stat(key))!.size;
const pointDeltaAt = (rowId: number, key: string) => t.database.db.update(documentVersions).set({ deltaBlobKey: key }).where(eq(documentVersions.id, rowId));

describe('shared version storage', () => {
  it('keeps each replaced version as a small delta and gives every version back byte for byte', async () => {
    const id = await upload();
    const asStored = new Map<number, Uint8Array>([[1, await download(id, 1)]]);
    expect(asStored.get(1)).toEqual(CONTRACT);
    await saveWords(id, 12, asStored);

    const stored = await rows(id);
    const current = stored.at(-1)!;
    expect(current.blobKey).not.toBeNull(); // the current version is always whole
    expect(current.deltaBlobKey).toBeNull();
    // Every save but the last has become a delta, against the version after it.
    const saves = stored.filter((r) => r.version > 1 && r.version < current.version);
    expect(saves).toHaveLength(11);
    for (const row of saves) {
      expect(row.blobKey).toBeNull();
      expect(row.deltaSource).toBe(stored.find((r) => r.version === row.version + 1)!.id);
      // One word changed: the delta holds about one deflate segment, not the document.
      expect(await fileSize(row.deltaBlobKey!)).toBeLessThan(row.byteSize / 5);
    }
    for (const [n, bytes] of asStored) {
      const now = await download(id, n);
      expect(now.length, `version ${n}`).toBe(bytes.length);
      expect(sha(now), `version ${n}`).toBe(sha(bytes));
      expect(sha(now)).toBe(stored.find((r) => r.version === n)!.sha256);
    }
  });

  it('restores and compares versions kept as deltas, and merges a save based on one', async () => {
    const id = await upload();
    const asStored = new Map<number, Uint8Array>();
    await saveWords(id, 4, asStored);
    expect((await rows(id)).find((r) => r.version === 3)!.deltaBlobKey).not.toBeNull();

    const restored = await owner.post(`/api/documents/${id}/versions/3/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(sha(await download(id, 6))).toBe(sha(asStored.get(3)!));

    const compare = await owner.get(`/api/documents/${id}/compare?from=2&to=4`);
    expect(compare.statusCode, compare.body).toBe(200);
    expect(compare.json().totals).toMatchObject({ changed: 2, inserted: 0, deleted: 0 });

    // A stale save whose base (version 2) is now a delta merges onto the current version.
    const base = (await owner.get(`/api/documents/${id}/versions/2/download`)).rawPayload;
    const stale = await saveDocx(owner, id, 2, editDocx(new Uint8Array(base), replaceText('Paragraph 1 of clause 30.', 'Paragraph 1 of clause 30, merged.')));
    expect(stale.statusCode, stale.body).toBe(200);
    const texts = paragraphTexts(bytesOf(await owner.get(`/api/documents/${id}/download`)));
    expect(texts.some((p) => p.includes('clause 30, merged.'))).toBe(true);
    expect(texts.some((p) => p.includes('(edit 0)'))).toBe(true);
  });

  it(`bounds every chain at ${MAX_CHAIN} deltas by keeping an older version whole`, async () => {
    const id = await upload();
    const asStored = new Map<number, Uint8Array>();
    await saveWords(id, MAX_CHAIN + 3, asStored);
    const stored = await rows(id);
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const row of stored) {
      let depth = 0;
      for (let at = row; at.deltaSource !== null; at = byId.get(at.deltaSource)!) depth += 1;
      expect(depth, `version ${row.version}`).toBeLessThanOrEqual(MAX_CHAIN);
    }
    expect(stored.filter((r) => r.version > 1 && r.blobKey !== null).length).toBeGreaterThanOrEqual(2);
    for (const n of [2, 3, MAX_CHAIN + 2]) expect(sha(await download(id, n))).toBe(sha(asStored.get(n)!));
  });

  it('never serves other bytes: a damaged delta is an error, and the version is readable again once repaired', async () => {
    const id = await upload();
    const asStored = new Map<number, Uint8Array>();
    await saveWords(id, 3, asStored);
    const row = (await rows(id)).find((r) => r.version === 2)!;
    const good = row.deltaBlobKey!;
    // One byte flipped: whether it lands in a literal (caught by the SHA-256) or an operation
    // (caught by the bounds), the version is refused, never served changed. Stored blobs are never
    // overwritten, so the damaged copy is a blob of its own that the row is pointed at.
    const bad = Buffer.from(await t.deps.blobs.get(good));
    bad[bad.length - 1]! ^= 0xff;
    const damaged = await t.deps.blobs.put(bad);
    await pointDeltaAt(row.id, damaged.key);
    const res = await owner.get(`/api/documents/${id}/versions/2/download`);
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).toBe('Version 2 could not be read: its stored data is damaged.');
    await pointDeltaAt(row.id, good);
    await t.deps.blobs.delete(damaged.key);
    expect(sha(await download(id, 2))).toBe(sha(asStored.get(2)!));
  });

  it('a reader holding a row read before its version became a delta still gets its bytes', async () => {
    const id = await upload();
    const asStored = new Map<number, Uint8Array>();
    await saveWords(id, 1, asStored);
    const before = (await repo.findVersion(t.database.db, id, 2))!;
    expect(before.blobKey).not.toBeNull();
    await saveWords(id, 1, asStored);
    expect((await repo.findVersion(t.database.db, id, 2))!.blobKey).toBeNull();
    expect(sha(await storedBytes(t.deps, before))).toBe(sha(asStored.get(2)!));
  });

  it('the boot sweep keeps delta files, and deleting the document removes them', async () => {
    const id = await upload();
    await saveWords(id, 3, new Map());
    const keys = (await rows(id)).flatMap((r) => [r.blobKey, r.editableBlobKey, r.deltaBlobKey]).filter((k): k is string => k !== null);
    const deltas = (await rows(id)).map((r) => r.deltaBlobKey).filter((k): k is string => k !== null);
    expect(deltas.length).toBe(2);
    await recoverDocuments(t.deps, { orphanGraceMs: 0 });
    for (const key of keys) expect(await t.deps.blobs.exists(key), key).toBe(true);
    expect((await download(id, 2)).length).toBeGreaterThan(0);

    expect((await owner.delete(`/api/documents/${id}`)).statusCode).toBe(204);
    for (const key of keys) expect(await t.deps.blobs.exists(key), key).toBe(false);
  });
});
