import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { saveDocx, uploadDocx } from '../../../tests/support/documents';
import { DOCX } from '../../../tests/support/multipart';
import { buildDocx, paragraphXml } from '../../../tests/support/docx/fixtures';
import { deleteParagraph, editDocx, insertAfter, makeBold, moveAfter, paragraphTexts, replaceText, type XmlEdit } from '../../../tests/support/paragraph-edits';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { DOCX_MIME_TYPE } from '@common/limits';
import { withRelationship } from '../../../tests/support/docx/hostile-fixtures';
import { LONG_CONTRACT_MARKERS, longContractDocx } from '../../../tests/support/docx/long-contract';
import * as repo from '../documents/documents.repo';
import { processDocument } from '../documents/processing';

let t: TestApp;
let owner: Agent;
let ownerName: string;
let ownerId: number;
let stranger: Agent;
beforeAll(async () => {
  t = await createTestApp();
  const signed = await signedIn(t.app);
  owner = signed.agent;
  ownerName = signed.account.name;
  ownerId = signed.user.id;
  stranger = (await signedIn(t.app)).agent;
});
afterAll(() => t.close());

const CLAUSES = [
  'Agreement between the parties',
  'The supplier delivers the goods within ten working days.',
  'The buyer pays each invoice within thirty days.',
  'Either party may end this agreement with notice.',
  'This agreement is governed by the laws of England.',
  'Signed on behalf of both parties.',
];
const ORIGINAL = buildDocx({ body: CLAUSES.map(paragraphXml).join(''), mtime: new Date(2025, 0, 1) });

async function upload(): Promise<number> {
  const res = await uploadDocx(owner, ORIGINAL, 'agreement.docx');
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const bytesOf = (res: { rawPayload: Buffer }) => new Uint8Array(res.rawPayload);
const content = async (id: number) => {
  const res = await owner.get(`/api/documents/${id}/content`);
  return { version: Number(res.headers['x-document-version']), bytes: bytesOf(res) };
};

/** Opens the current version, makes the edits, saves on that base. */
async function saveEdits(id: number, ...edits: XmlEdit[]) {
  const { version, bytes } = await content(id);
  const res = await saveDocx(owner, id, version, editDocx(bytes, ...edits));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const versions = async (id: number) => (await owner.get(`/api/documents/${id}/versions`)).json();
const download = async (id: number, n: number) => bytesOf(await owner.get(`/api/documents/${id}/versions/${n}/download`));
const currentTexts = async (id: number) => paragraphTexts(bytesOf(await owner.get(`/api/documents/${id}/download`)));

describe('history', () => {
  it('lists every version newest first with its number, time, author, kind, size and what changed', async () => {
    const id = await upload();
    await saveEdits(id, replaceText('ten working days', 'five working days'));
    await saveEdits(id, insertAfter('thirty days', 'Late payments carry interest at four percent.'));
    const list = await versions(id);
    expect(list.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(list.map((v: { kind: string }) => v.kind)).toEqual(['save', 'save', 'upload']);
    expect(list.map((v: { current: boolean }) => v.current)).toEqual([true, false, false]);
    for (const v of list) {
      expect(v.author).toEqual({ id: expect.any(Number), name: ownerName });
      expect(Date.parse(v.createdAt)).not.toBeNaN();
      expect(v.byteSize).toBeGreaterThan(0);
      expect(v.conflict).toBe(false);
      expect(v.restoredFrom).toBeNull();
    }
    expect(list[1].summary).toEqual({ paragraphsChanged: 1, paragraphsAdded: 0, paragraphsRemoved: 0, wordsAdded: 1, wordsRemoved: 1 });
    expect(list[0].summary).toEqual({ paragraphsChanged: 0, paragraphsAdded: 1, paragraphsRemoved: 0, wordsAdded: 7, wordsRemoved: 0 });
  });

  it("downloads each version's bytes exactly as stored", async () => {
    const id = await upload();
    await saveEdits(id, replaceText('thirty days', 'sixty days'));
    expect(Buffer.from(await download(id, 1)).equals(Buffer.from(ORIGINAL))).toBe(true);
    const latest = bytesOf(await owner.get(`/api/documents/${id}/download`));
    expect(Buffer.from(await download(id, 2)).equals(Buffer.from(latest))).toBe(true);
    const res = await owner.get(`/api/documents/${id}/versions/1/download`);
    expect(res.headers['content-disposition']).toContain('agreement (version 1).docx');
  });
});

describe('restore', () => {
  it('makes a new current version equal byte for byte to the old one, and keeps the history', async () => {
    const id = await upload();
    await saveEdits(id, replaceText('England', 'Scotland'));
    await saveEdits(id, deleteParagraph('Either party'));
    const res = await owner.post(`/api/documents/${id}/versions/1/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().currentVersion).toBe(4);
    expect(Buffer.from(await download(id, 4)).equals(Buffer.from(await download(id, 1)))).toBe(true);
    const [restored, ...older] = await versions(id);
    expect(restored).toMatchObject({ version: 4, kind: 'restore', restoredFrom: 1, current: true });
    expect(restored.summary).toMatchObject({ paragraphsAdded: 1, paragraphsChanged: 1 });
    expect(older.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(await currentTexts(id)).toEqual(CLAUSES);
    // The editor opens the restored version's editable copy, and a save on it works.
    expect((await content(id)).version).toBe(4);
    await saveEdits(id, replaceText('Signed', 'Executed'));
  });
});

describe('restore of bytes processing would change', () => {
  it('gives back the version exactly as it was stored, not as processing it again would write it', async () => {
    // Kept as it came (processing failed at upload for a reason of ours): a file: link that
    // processing now removes, so processing these bytes again would give other bytes.
    const raw = withRelationship('attachedTemplate', 'file:///C:/Templates/Normal.dotm', paragraphXml('Kept as it came.'));
    const blob = await t.deps.blobs.put(raw);
    const created = await repo.insertDocumentWithVersion(t.database.db, { userId: ownerId, originalName: 'kept.docx', mimeType: DOCX_MIME_TYPE, blob, kind: 'upload', processingDelayMs: 60_000 });
    await processDocument(t.deps, created.id);
    await saveEdits(created.id, replaceText('Kept as it came.', 'Changed since.'));
    expect((await owner.post(`/api/documents/${created.id}/versions/1/restore`)).json().currentVersion).toBe(3);
    expect(Buffer.from(await download(created.id, 3)).equals(Buffer.from(raw))).toBe(true);
  });
});

describe('compare', () => {
  it('names exactly the changes made: a word replaced, a paragraph inserted, one moved, one deleted, bold added', async () => {
    const id = await upload();
    await saveEdits(
      id,
      replaceText('ten working days', 'five working days'),
      insertAfter('thirty days', 'Late payments carry interest.'),
      moveAfter('Either party', 'governed by'),
      deleteParagraph('Signed on behalf'),
      makeBold('Agreement between'),
    );
    const res = await owner.get(`/api/documents/${id}/compare?from=1&to=2`);
    expect(res.statusCode, res.body).toBe(200);
    const { paragraphs, totals } = res.json();
    // Words count across the document: 'five' and the inserted paragraph's 4; 'ten' and the deleted one's 6.
    expect(totals).toMatchObject({ changed: 2, inserted: 1, deleted: 1, moved: 1, formatting: 1, wordsInserted: 5, wordsDeleted: 7 });
    const byKind = (kind: string) => paragraphs.filter((p: { kind: string }) => p.kind === kind);
    const words = byKind('changed').flatMap((p: { words: { op: string; text: string }[] }) => p.words.filter((w) => w.op !== 'equal'));
    expect(words.map((w: { op: string; text: string }) => `${w.op}:${w.text.trim()}`).sort()).toEqual(['delete:ten', 'insert:five']);
    expect(byKind('changed').flatMap((p: { formatting: string[] }) => p.formatting)).toEqual(['bold added']);
    expect(byKind('inserted').map((p: { text: string }) => p.text)).toEqual(['Late payments carry interest.']);
    expect(byKind('deleted').map((p: { text: string }) => p.text)).toEqual(['Signed on behalf of both parties.']);
    expect(byKind('moved').map((p: { text: string }) => p.text)).toEqual(['Either party may end this agreement with notice.']);
  });

  it('answers a redline .docx: version b with the differences from a as tracked changes', async () => {
    const id = await upload();
    // A second apart, so the dates of versions 1 and 2 differ in the whole seconds Word writes.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await saveEdits(id, replaceText('thirty days', 'forty-five days'), deleteParagraph('Either party'));
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // and the request a second after version 2
    const res = await owner.get(`/api/documents/${id}/compare?from=1&to=2&format=docx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toContain('changes from version 1 to 2');
    const xml = strFromU8(unzipSync(bytesOf(res))['word/document.xml']!);
    expect(xml).toMatch(/<w:ins\b[^>]*w:author="[^"]+"[^>]*>[\s\S]*forty-five/);
    expect(xml).toMatch(/<w:del\b[^>]*>[\s\S]*<w:delText[^>]*>[^<]*thirty/);
    expect(xml).toMatch(/<w:delText[^>]*>Either party may end this agreement with notice.<\/w:delText>/);
    expect(xml).toContain(`w:author="${ownerName}"`);
    // Every change is dated when version b (the later one) was stored, not version a, nor now.
    const stored = (await versions(id)).find((v: { version: number }) => v.version === 2).createdAt as string;
    const dates = new Set([...xml.matchAll(/<w:(?:ins|del)\b[^>]*w:date="([^"]+)"/g)].map((m) => m[1]));
    expect([...dates]).toEqual([new Date(stored).toISOString().replace(/\.\d{3}Z$/, 'Z')]);
  });
});

describe('a save based on an older version', () => {
  it('merges edits of other paragraphs onto the current version, as a version of kind merge', async () => {
    const id = await upload();
    const stale = await content(id);
    await saveEdits(id, replaceText('ten working days', 'five working days'));
    const res = await saveDocx(owner, id, stale.version, editDocx(stale.bytes, replaceText('thirty days', 'sixty days')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currentVersion: 3, merged: { with: 2, paragraphs: 1 } });
    const texts = await currentTexts(id);
    expect(texts).toContain('The supplier delivers the goods within five working days.');
    expect(texts).toContain('The buyer pays each invoice within sixty days.');
    expect((await versions(id))[0]).toMatchObject({ version: 3, kind: 'merge', current: true });
  });

  it("merges the same editor's next save from its own copy: text typed while the merge ran is not a conflict with itself", async () => {
    const id = await upload();
    const stale = await content(id);
    await saveEdits(id, replaceText('ten working days', 'five working days'));
    const mine = editDocx(stale.bytes, replaceText('thirty days', 'sixty days'));
    expect((await saveDocx(owner, id, stale.version, mine)).json()).toMatchObject({ currentVersion: 3, merged: { with: 2 } });
    // Still the editor's own document (no 'five'), typed on in the same paragraph, sent from the merge's saver copy.
    const more = editDocx(mine, replaceText('sixty days', 'sixty days, net'));
    const sendFromCopy = (base: number, bytes: Uint8Array) =>
      owner.request({ method: 'PUT', url: `/api/documents/${id}/content`, payload: Buffer.from(bytes), headers: { 'content-type': DOCX, 'x-base-version': String(base), 'x-base-copy': 'saver' } });
    const next = await sendFromCopy(3, more);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ currentVersion: 4, merged: { with: 3 } });
    const texts = await currentTexts(id);
    expect(texts).toContain('The buyer pays each invoice within sixty days, net.');
    expect(texts).toContain('The supplier delivers the goods within five working days.');
    // Only a merge has a saver copy.
    const wrong = await sendFromCopy(2, more);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toMatch(/the saver's copy of version 2, which is not a merge/);
    expect((await owner.get(`/api/documents/${id}`)).json().currentVersion).toBe(4);
  });

  it('keeps both sides when both changed the same paragraph: 409 names it, and my version is in the history', async () => {
    const id = await upload();
    const stale = await content(id);
    await saveEdits(id, replaceText('thirty days', 'sixty days'), replaceText('Signed on', 'Executed on'));
    const res = await saveDocx(owner, id, stale.version, editDocx(stale.bytes, replaceText('thirty days', 'ninety days')));
    expect(res.statusCode).toBe(409);
    const { error } = res.json();
    expect(error.code).toBe('conflict');
    expect(error.details).toMatchObject({ currentVersion: 2, conflictVersion: 3 });
    expect(error.details.conflicts).toEqual([
      expect.objectContaining({ mine: 'The buyer pays each invoice within ninety days.', theirs: 'The buyer pays each invoice within sixty days.' }),
    ]);
    expect((await owner.get(`/api/documents/${id}`)).json().currentVersion).toBe(2);
    const [mine, theirs] = await versions(id);
    expect(mine).toMatchObject({ version: 3, kind: 'save', conflict: true, current: false });
    expect(theirs).toMatchObject({ version: 2, current: true });
    expect(paragraphTexts(await download(id, 3))).toContain('The buyer pays each invoice within ninety days.');
    // The current version is still 2, not the highest number: it is what opens, downloads and is saved on.
    expect((await content(id)).version).toBe(2);
    expect(await currentTexts(id)).toContain('The buyer pays each invoice within sixty days.');
    const plain = await saveDocx(owner, id, 2, editDocx((await content(id)).bytes, replaceText('England', 'Wales')));
    expect(plain.json()).toMatchObject({ currentVersion: 4, merged: null });
    expect((await versions(id))[0]).toMatchObject({ version: 4, kind: 'save', current: true });
    expect(paragraphTexts(await download(id, 4))).toContain('The buyer pays each invoice within sixty days.');
    // 'Keep mine' as the person saw it (current 2) is refused now that 4 is stored; against 4 it restores.
    const refused = await owner.post(`/api/documents/${id}/versions/3/restore?current=2`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toEqual({ currentVersion: 4 });
    expect((await owner.post(`/api/documents/${id}/versions/3/restore?current=4`)).json().currentVersion).toBe(5);
    const kept = await currentTexts(id);
    expect(kept).toContain('The buyer pays each invoice within ninety days.');
    // The conflict version was built on the newer version: keeping mine keeps their other changes.
    expect(kept).toContain('Executed on behalf of both parties.');
  });

  it('keeps the chain contiguous and every acknowledged save under 20 concurrent saves and restores', async () => {
    const id = await upload();
    const base = await content(id);
    const paragraph = (i: number) => CLAUSES[1 + (i % 5)]!.slice(0, 12);
    const marker = (i: number) => `Edit ${i}:`;
    const requests = Array.from({ length: 20 }, (_, i) =>
      i % 4 === 3
        ? owner.post(`/api/documents/${id}/versions/1/restore`)
        : saveDocx(owner, id, base.version, editDocx(base.bytes, replaceText(paragraph(i), `${marker(i)} ${paragraph(i)}`))),
    );
    const answers = await Promise.all(requests);
    const list = await versions(id);
    const numbers = list.map((v: { version: number }) => v.version).sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(list.filter((v: { current: boolean }) => v.current)).toHaveLength(1);
    const stored = new Set<number>();
    for (const [i, a] of answers.entries()) {
      expect([200, 409], a.body).toContain(a.statusCode);
      const n = a.statusCode === 200 ? a.json().currentVersion : a.json().error.details.conflictVersion;
      expect(stored.has(n), `version ${n} answered twice`).toBe(false);
      stored.add(n);
      // Each acknowledged save's words are in the version it was answered with (a conflict's too).
      if (i % 4 !== 3) expect(paragraphTexts(await download(id, n)).join('\n'), `save ${i}`).toContain(marker(i));
    }
    expect(list.some((v: { kind: string }) => v.kind === 'merge')).toBe(true);
  });
});

describe('bad input changes nothing', () => {
  it('answers 400 for version numbers that are not positive decimal integers', async () => {
    const id = await upload();
    for (const n of ['0', '-1', '1.0', '01', '1e1', 'abc', '99999999999']) {
      expect((await owner.get(`/api/documents/${id}/versions/${n}/download`)).statusCode, n).toBe(400);
      expect((await owner.post(`/api/documents/${id}/versions/${n}/restore`)).statusCode, n).toBe(400);
    }
    for (const q of ['from=1&to=1', 'from=0&to=1', 'from=1', 'from=1&to=2&format=pdf', 'from=1&to=2&extra=1']) {
      expect((await owner.get(`/api/documents/${id}/compare?${q}`)).statusCode, q).toBe(400);
    }
    expect((await owner.get(`/api/documents/${id}/versions?x=1`)).statusCode).toBe(400);
    expect((await owner.get(`/api/documents/${id}`)).json().currentVersion).toBe(1);
  });

  it('answers 404 for a version that does not exist and for another user\'s document', async () => {
    const id = await upload();
    expect((await owner.get(`/api/documents/${id}/versions/2/download`)).statusCode).toBe(404);
    expect((await owner.post(`/api/documents/${id}/versions/2/restore`)).statusCode).toBe(404);
    expect((await owner.get(`/api/documents/${id}/compare?from=1&to=2`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/documents/${id}/versions`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/documents/${id}/versions/1/download`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/documents/${id}/versions/1/restore`)).statusCode).toBe(404);
    // Ownership is checked before anything else: a stranger learns nothing from a bad query either.
    expect((await stranger.get(`/api/documents/${id}/compare?from=1&to=1`)).statusCode).toBe(404);
    expect((await versions(id)).map((v: { version: number }) => v.version)).toEqual([1]);
  });

  it('runs one comparison at a time per person: a second while the first runs is refused with Retry-After', async () => {
    const res = await uploadDocx(owner, longContractDocx(300), 'long.docx');
    const id = res.json().id;
    await saveEdits(id, replaceText(LONG_CONTRACT_MARKERS.last, 'Penzance'));
    const [a, b] = await Promise.all([owner.get(`/api/documents/${id}/compare?from=1&to=2`), owner.get(`/api/documents/${id}/compare?from=2&to=1`)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
    const refused = a.statusCode === 429 ? a : b;
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().error.message).toBe('A comparison of yours is still running. Try again when it has finished.');
    // Once it has ended, the next one runs.
    expect((await owner.get(`/api/documents/${id}/compare?from=1&to=2`)).statusCode).toBe(200);
  });

  it('refuses a restore with a body', async () => {
    const id = await upload();
    const res = await owner.request({ method: 'POST', url: `/api/documents/${id}/versions/1/restore`, payload: { version: 2 } });
    expect(res.statusCode).toBe(400);
    expect((await versions(id))).toHaveLength(1);
  });
});
