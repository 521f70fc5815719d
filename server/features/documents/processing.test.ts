/**
 * Where the editing copy comes from (docs/decisions/018-upload-processing-speed.md): a document whose paragraphs all have ids is its
 * own editing copy, one file on disk; any other gets a second file with the ids added. Either way
 * the editor opens a package with an id on every paragraph and no dropped link target.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DOCX_MIME_TYPE } from '@common/limits';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { uploadDocx } from '../../../tests/support/documents';
import { buildDocx, paragraphXml } from '../../../tests/support/docx/fixtures';
import { withRelationship } from '../../../tests/support/docx/hostile-fixtures';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { W14_NS } from '../../docx/package';
import * as repo from './documents.repo';
import { processDocument, recoverDocuments } from './processing';

let t: TestApp;
let owner: Agent;
let ownerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const signed = await signedIn(t.app);
  owner = signed.agent;
  ownerId = signed.user.id;
});
afterAll(() => t.close());

/** Paragraphs that already carry ids, as Word 2010 and later write them. */
const withIds = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const id = (0x1000 + i).toString(16).toUpperCase().padStart(8, '0');
    return `<w:p xmlns:w14="${W14_NS}" w14:paraId="${id}" w14:textId="77777777"><w:r><w:t>Paragraph ${i + 1}.</w:t></w:r></w:p>`;
  }).join('');

async function fileCount() {
  let n = 0;
  for await (const _key of t.deps.blobs.list()) n += 1;
  return n;
}

const bytesOf = async (url: string) => new Uint8Array((await owner.get(url)).rawPayload);
const documentXml = (docx: Uint8Array) => strFromU8(unzipSync(docx)['word/document.xml']!);
const relsXml = (docx: Uint8Array) => strFromU8(unzipSync(docx)['word/_rels/document.xml.rels']!);

it('stores a document whose paragraphs all have ids once: the editor opens the version itself', async () => {
  const bytes = buildDocx({ body: withIds(3) });
  const before = await fileCount();
  const doc = (await uploadDocx(owner, bytes)).json();
  expect(doc.status).toBe('complete');
  expect(await fileCount()).toBe(before + 1);
  expect(await bytesOf(`/api/documents/${doc.id}/content`)).toEqual(bytes);
  expect(await bytesOf(`/api/documents/${doc.id}/download`)).toEqual(bytes);
});

it('stores an editing copy beside a document that needs ids, and the download stays the upload', async () => {
  const bytes = buildDocx({ body: paragraphXml('No id here.') + withIds(1) });
  const before = await fileCount();
  const doc = (await uploadDocx(owner, bytes)).json();
  expect(doc.status).toBe('complete');
  expect(await fileCount()).toBe(before + 2);
  expect(await bytesOf(`/api/documents/${doc.id}/download`)).toEqual(bytes);
  const paragraphs = documentXml(await bytesOf(`/api/documents/${doc.id}/content`)).match(/<w:p\b[^>]*>/g)!;
  expect(paragraphs).toHaveLength(2);
  for (const p of paragraphs) expect(p).toMatch(/:paraId="[0-9A-F]{8}"/);
});

it('gives a version processed again an editing copy of its own when processing drops a link from it', async () => {
  // A version whose bytes were kept as they came (processing failed at upload for a reason of
  // ours) still holds its file: link. Processed again, the ids need no change, but the link goes:
  // the editor must not be handed the version's bytes.
  const raw = withRelationship('attachedTemplate', 'file:///C:/Templates/Evil.dotm', withIds(2));
  const blob = await t.deps.blobs.put(raw);
  const created = await repo.insertDocumentWithVersion(t.database.db, { userId: ownerId, originalName: 'kept.docx', mimeType: DOCX_MIME_TYPE, blob, kind: 'upload', processingDelayMs: 60_000 });
  await processDocument(t.deps, created.id);

  expect((await owner.get(`/api/documents/${created.id}`)).json().status).toBe('complete');
  const version = await repo.latestVersion(t.database.db, created.id);
  expect(version!.editableBlobKey).not.toBe(version!.blobKey);
  const editable = await bytesOf(`/api/documents/${created.id}/content`);
  expect(relsXml(editable)).not.toContain('file:');
  expect(relsXml(editable)).toMatch(/Target="about:blank"/);
});

it('the sweep leaves an unreferenced file younger than the grace period (another instance may be writing it) and removes it once older', async () => {
  const orphan = await t.deps.blobs.put(new Uint8Array([1, 2, 3]));
  await recoverDocuments(t.deps, { orphanGraceMs: 60 * 60_000 });
  expect(await t.deps.blobs.exists(orphan.key)).toBe(true);
  const clock = t.deps.clock;
  // An hour and a minute later by the sweep's clock.
  (t.deps as { clock: typeof clock }).clock = { now: () => new Date(Date.now() + 61 * 60_000) };
  try {
    await recoverDocuments(t.deps, { orphanGraceMs: 60 * 60_000 });
  } finally {
    (t.deps as { clock: typeof clock }).clock = clock;
  }
  expect(await t.deps.blobs.exists(orphan.key)).toBe(false);
});

it("never overstates a file's age: storage that keeps whole seconds (S3) does not make a young file look older than the grace", async () => {
  // Written late in its second, a file's time rounded down reads almost a second older than it is.
  while (Date.now() % 1000 < 900) await new Promise((resolve) => setTimeout(resolve, 10));
  const written = Date.now();
  const young = await t.deps.blobs.put(new Uint8Array([4, 5, 6]));
  const clock = t.deps.clock;
  // 1.5 s after the write by the sweep's clock: younger than the 2 s grace, however storage rounds.
  (t.deps as { clock: typeof clock }).clock = { now: () => new Date(written + 1_500) };
  try {
    await recoverDocuments(t.deps, { orphanGraceMs: 2_000 });
  } finally {
    (t.deps as { clock: typeof clock }).clock = clock;
  }
  expect(await t.deps.blobs.exists(young.key)).toBe(true);
  await t.deps.blobs.delete(young.key);
});
