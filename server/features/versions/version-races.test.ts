/**
 * Shared version storage when conversions race (docs/decisions/027): another process (or a
 * Document Server's save, which does not queue behind the editor's) may turn a version into a
 * delta while a reader follows a chain through it, or try the same conversion twice. The guards
 * in storeAsDelta and the reader's second look are what keep every version readable.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { saveDocx, uploadDocx } from '../../../tests/support/documents';
import { editDocx, replaceText } from '../../../tests/support/paragraph-edits';
import { longContractDocx } from '../../../tests/support/docx/long-contract';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import * as repo from '../documents/documents.repo';
import { storedBytes } from '../documents/version-bytes';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedIn(t.app)).agent;
});
afterAll(() => t.close());

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function documentWithSaves(saves: number) {
  const id = (await uploadDocx(owner, longContractDocx(12), 'contract.docx')).json().id as number;
  for (let i = 0; i < saves; i++) {
    const content = await owner.get(`/api/documents/${id}/content`);
    const edited = editDocx(new Uint8Array(content.rawPayload), replaceText(`Paragraph 1 of clause ${i + 1}.`, `Paragraph 1 of clause ${i + 1} (edit ${i}).`));
    expect((await saveDocx(owner, id, Number(content.headers['x-document-version']), edited)).statusCode).toBe(200);
  }
  return id;
}

const save = async (id: number, text: string) => {
  const content = await owner.get(`/api/documents/${id}/content`);
  const edited = editDocx(new Uint8Array(content.rawPayload), replaceText('Paragraph 2 of clause 1.', text));
  expect((await saveDocx(owner, id, Number(content.headers['x-document-version']), edited)).statusCode).toBe(200);
};

describe('conversions that race', () => {
  it('a conversion already done, or made on a stale reading, changes nothing', async () => {
    const id = await documentWithSaves(2); // version 2 is now a delta against version 3
    const v2 = (await repo.findVersion(t.database.db, id, 2))!;
    const v3 = (await repo.findVersion(t.database.db, id, 3))!;
    expect(v2.deltaBlobKey).not.toBeNull();
    const before = sha(await storedBytes(t.deps, v2));
    // The same conversion again, from a row read before it happened: v2 is no longer whole under that key.
    expect(await repo.storeAsDelta(t.database.db, { id: v2.id, wholeKey: 'stale-key', deltaKey: 'other', sourceId: v3.id, chainLength: 1 })).toBe(false);
    // Version 3 onto version 2, which is a delta: refused, or the chain would have no whole end.
    expect(await repo.storeAsDelta(t.database.db, { id: v3.id, wholeKey: v3.blobKey!, deltaKey: 'other', sourceId: v2.id, chainLength: v3.chainLength + 1 })).toBe(false);
    // Version 3 onto a whole version, with a chain length read before another conversion counted
    // through version 3 (any whole source will do: the guard under test is the chain length).
    const other = await documentWithSaves(0);
    const whole = (await repo.findVersion(t.database.db, other, 1))!;
    expect(whole.blobKey).not.toBeNull();
    expect(await repo.storeAsDelta(t.database.db, { id: v3.id, wholeKey: v3.blobKey!, deltaKey: 'other', sourceId: whole.id, chainLength: v3.chainLength })).toBe(false);
    expect((await repo.findVersion(t.database.db, other, 1))!).toEqual(whole);
    const after = (await repo.findVersion(t.database.db, id, 3))!;
    expect(after).toEqual(v3);
    expect(sha(await storedBytes(t.deps, (await repo.findVersion(t.database.db, id, 2))!))).toBe(before);
  });

  it("a reader whose chain's whole end becomes a delta while it reads follows the chain again", async () => {
    const id = await documentWithSaves(2);
    const v2 = (await repo.findVersion(t.database.db, id, 2))!;
    const expected = sha(await storedBytes(t.deps, v2));
    const v3 = (await repo.findVersion(t.database.db, id, 3))!;
    const get = t.deps.blobs.get.bind(t.deps.blobs);
    let raced = false;
    // The moment the reader asks for version 3's whole file, another save makes version 3 a delta and removes that file.
    t.deps.blobs.get = async (key: string) => {
      if (key === v3.blobKey && !raced) {
        raced = true;
        await save(id, 'Paragraph 2 of clause 1, changed meanwhile.');
      }
      return get(key);
    };
    try {
      expect(sha(await storedBytes(t.deps, v2))).toBe(expected);
    } finally {
      t.deps.blobs.get = get;
    }
    expect(raced).toBe(true);
    expect((await repo.findVersion(t.database.db, id, 3))!.blobKey).toBeNull();
  });
});
