import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { GENERATED_DOCUMENTS, contractDocx, passwordProtectedDocx, renamedImage, tablesDocx, truncatedDocx } from '../../../tests/support/docx/realistic';
import { DOCX, multipart } from '../../../tests/support/multipart';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
let owner: Agent;
let stranger: Agent;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedIn(t.app, 'owner')).agent;
  stranger = (await signedIn(t.app, 'stranger')).agent;
});
afterAll(() => t.close());

const upload = (a: Agent, filename: string, bytes: Uint8Array, type: string | undefined = DOCX) => {
  const body = multipart({ filename, type, bytes });
  return a.post('/api/documents/upload', body.payload, body.headers);
};

async function storedKeys() {
  const keys: string[] = [];
  for await (const k of t.deps.blobs.list()) keys.push(k);
  return keys.sort();
}

describe('upload', () => {
  it('stores a real document, processes it and downloads it byte for byte', async () => {
    const bytes = contractDocx();
    const res = await upload(owner, 'Vertrag Müller – 契約.docx', bytes);
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      originalName: 'Vertrag Müller – 契約.docx',
      fileSize: bytes.length,
      mimeType: DOCX,
      status: 'complete',
      statusReason: null,
      currentVersion: 1,
    });
    expect(doc.filename).not.toContain('Müller');
    expect(doc.wordCount).toBeGreaterThan(0);

    const dl = await owner.get(`/api/documents/${doc.id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe(DOCX);
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''Vertrag%20M%C3%BCller`);
    expect(Buffer.compare(dl.rawPayload, Buffer.from(bytes))).toBe(0);
  });

  it.each([
    ['notes.txt', 'text/plain', 415, 'Please select a .docx file.'],
    ['report.docx', 'image/png', 415, 'File type image/png not supported. Please select a .docx file.'],
  ])('refuses %s (%s) with %i before reading it', async (name, type, status, message) => {
    const before = await storedKeys();
    const res = await upload(owner, name, contractDocx(), type);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const before = await storedKeys();
    const res = await upload(owner, 'big.docx', new Uint8Array(10 * 1024 * 1024 + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Please select a file smaller than 10MB.');
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a password-protected document with the message of docs/product.md §8', async () => {
    const res = await upload(owner, 'secret.docx', passwordProtectedDocx());
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Password-protected documents are not supported');
  });

  it('refuses renamed images, spreadsheets and ZIP bombs with a reason, storing nothing', async () => {
    const before = await storedKeys();
    const listBefore = (await owner.get('/api/documents')).json().length;
    const png = renamedImage();
    const xlsx = zipSync({
      '[Content_Types].xml': new TextEncoder().encode(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      ),
      'xl/workbook.xml': new TextEncoder().encode('<workbook/>'),
    });
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(64 * 1024 * 1024) }, { level: 1 });
    for (const [name, bytes] of [['photo.docx', png], ['sheet.docx', xlsx], ['bomb.docx', bomb], ['half.docx', contractDocx().slice(0, 2000)], ['truncated.docx', truncatedDocx()]] as const) {
      const res = await upload(owner, name, bytes);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().error.message.length, name).toBeGreaterThan(10);
    }
    expect(await storedKeys()).toEqual(before);
    expect((await owner.get('/api/documents')).json()).toHaveLength(listBefore);
  });

  it('rejects a request without the document field, or not multipart, with 400/415', async () => {
    const wrongField = multipart({ field: 'file', filename: 'a.docx', type: DOCX, bytes: contractDocx() });
    expect((await owner.post('/api/documents/upload', wrongField.payload, wrongField.headers)).statusCode).toBe(400);
    expect((await owner.post('/api/documents/upload', { document: 'x' })).statusCode).toBe(415);
  });

  it('needs a signed-in user', async () => {
    const body = multipart({ filename: 'a.docx', type: DOCX, bytes: contractDocx() });
    const res = await t.app.inject({ method: 'POST', url: '/api/documents/upload', payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('ownership', () => {
  it("answers 404 for every route on another user's document and hides it from their lists", async () => {
    const doc = (await upload(owner, 'private.docx', contractDocx())).json();
    for (const res of [
      await stranger.get(`/api/documents/${doc.id}`),
      await stranger.get(`/api/documents/${doc.id}/download`),
      await stranger.get(`/api/documents/${doc.id}/content`),
      await stranger.patch(`/api/documents/${doc.id}`, { archived: true }),
      await stranger.delete(`/api/documents/${doc.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    for (const view of ['all', 'recent', 'archive']) {
      const list = (await stranger.get(`/api/documents?view=${view}`)).json();
      expect(list.map((d: { id: number }) => d.id)).not.toContain(doc.id);
    }
    expect((await owner.get(`/api/documents/${doc.id}`)).statusCode).toBe(200);
  });

  it('answers 400 for ids that are not integers', async () => {
    for (const id of ['abc', '1.5', '-3', '99999999999']) {
      expect((await owner.get(`/api/documents/${id}`)).statusCode, id).toBe(400);
    }
  });
});

describe('library', () => {
  it('lists newest first, searches name and text, archives, restores and tracks opening', async () => {
    const a = (await upload(owner, 'Alpha lease.docx', contractDocx())).json();
    const b = (await upload(owner, 'Beta memo.docx', tablesDocx())).json();
    const all = (await owner.get('/api/documents')).json();
    expect(all[0].id).toBe(b.id);
    expect(all[1].id).toBe(a.id);

    const byName = (await owner.get('/api/documents?q=lease')).json();
    expect(byName.map((d: { id: number }) => d.id)).toContain(a.id);
    expect(byName.map((d: { id: number }) => d.id)).not.toContain(b.id);

    const text = (await owner.get(`/api/documents/${a.id}/content`));
    expect(text.statusCode).toBe(200);
    expect(text.headers['x-document-version']).toBe('1');
    const recent = (await owner.get('/api/documents?view=recent')).json();
    expect(recent[0].id).toBe(a.id);

    expect((await owner.patch(`/api/documents/${a.id}`, { archived: true })).json().archivedAt).not.toBeNull();
    expect((await owner.get('/api/documents')).json().map((d: { id: number }) => d.id)).not.toContain(a.id);
    expect((await owner.get('/api/documents?view=archive')).json().map((d: { id: number }) => d.id)).toEqual([a.id]);
    expect((await owner.patch(`/api/documents/${a.id}`, { archived: false })).json().archivedAt).toBeNull();
    expect((await owner.patch(`/api/documents/${a.id}`, { archived: 'yes' })).statusCode).toBe(400);
    expect((await owner.get('/api/documents?view=everything')).statusCode).toBe(400);
  });

  it('deletes rows and files; a second delete answers 404', async () => {
    const doc = (await upload(owner, 'gone.docx', contractDocx())).json();
    const before = await storedKeys();
    const del = await owner.delete(`/api/documents/${doc.id}`);
    expect(del.statusCode).toBe(204);
    const after = await storedKeys();
    expect(before.length - after.length).toBe(2); // the upload and its editing copy
    expect((await owner.delete(`/api/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/documents/${doc.id}/download`)).statusCode).toBe(404);
  });

  it('takes twenty concurrent uploads and returns each byte for byte', async () => {
    const files = Object.values(GENERATED_DOCUMENTS).map((d) => d.bytes());
    const inputs = Array.from({ length: 20 }, (_, i) => ({ name: `concurrent-${i}.docx`, bytes: files[i % files.length]! }));
    const results = await Promise.all(inputs.map((f) => upload(owner, f.name, f.bytes)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    for (const [i, res] of results.entries()) {
      const dl = await owner.get(`/api/documents/${res.json().id}/download`);
      expect(Buffer.compare(dl.rawPayload, Buffer.from(inputs[i]!.bytes)), inputs[i]!.name).toBe(0);
    }
  });
});
