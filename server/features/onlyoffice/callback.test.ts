import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@common/limits';
import { EditorConfigSchema } from '@common/schemas/onlyoffice';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { uploadDocx } from '../../../tests/support/documents';
import { createOnlyofficeApp, docxSaying } from '../../../tests/support/onlyoffice';
import { countRows } from '../../../tests/support/row-counts';

type OnlyofficeApp = Awaited<ReturnType<typeof createOnlyofficeApp>>;
let t: OnlyofficeApp;
let owner: Agent;
/** Any other server: a callback must never make Redraft fetch from it. */
let elsewhere: http.Server;
const elsewhereHits: string[] = [];
let elsewhereUrl: string;

beforeAll(async () => {
  t = await createOnlyofficeApp();
  owner = (await signedIn(t.app)).agent;
  elsewhere = http.createServer((req, res) => {
    elsewhereHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(docxSaying('from elsewhere')));
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
});

/** A document opened in the editor: its id and the config's key and callback URL. */
async function opened(text = 'The Supplier shall deliver within 30 days.') {
  const doc = (await uploadDocx(owner, docxSaying(text))).json() as { id: number };
  const config = EditorConfigSchema.parse((await owner.get(`/api/documents/${doc.id}/config`)).json());
  return { id: doc.id, key: config.document.key, callbackUrl: config.editorConfig.callbackUrl };
}

const versionOf = async (id: number) => ((await owner.get(`/api/documents/${id}`)).json() as { currentVersion: number }).currentVersion;
const latestText = async (id: number) => {
  const res = await owner.get(`/api/documents/${id}/download`);
  return strFromU8(unzipSync(new Uint8Array(res.rawPayload))['word/document.xml']!);
};
const keyOf = async (id: number) => EditorConfigSchema.parse((await owner.get(`/api/documents/${id}/config`)).json()).document.key;

describe('a final save (status 2)', () => {
  it('stores exactly one new version with the served bytes, answers {"error":0}, and the next config has a new key', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('The Supplier shall deliver within 15 days.'));
    const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url, users: ['1'] });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(2);
    expect(await latestText(doc.id)).toContain('within 15 days');
    expect(t.ds.requestsTo(new URL(url).pathname)).toHaveLength(1);
    const next = await keyOf(doc.id);
    expect(next).not.toBe(doc.key);
    expect(next).toMatch(new RegExp(`^${doc.id}\\.2\\.`));
  });

  it('sent twice (a retry), still stores one version', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('Edited once.'));
    const payload = { key: doc.key, status: 2, url };
    expect((await t.ds.postCallback(doc.callbackUrl, payload)).json).toEqual({ error: 0 });
    expect((await t.ds.postCallback(doc.callbackUrl, payload)).json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(2);
  });

  it('sent twice at the same moment, still stores one version', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('Edited at once.'));
    const payload = { key: doc.key, status: 2, url };
    const answers = await Promise.all([t.ds.postCallback(doc.callbackUrl, payload), t.ds.postCallback(doc.callbackUrl, payload)]);
    expect(answers.map((a) => a.json)).toEqual([{ error: 0 }, { error: 0 }]);
    expect(await versionOf(doc.id)).toBe(2);
  });

  it('is accepted with the token in the Authorization header alone', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('Signed in the header.'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url }, { signing: 'header' })).json).toEqual({ error: 0 });
    expect(await latestText(doc.id)).toContain('Signed in the header.');
  });

  it('acts on the signed payload, not on what the body says beside it', async () => {
    const doc = await opened();
    const signedUrl = t.ds.serveFile(docxSaying('What was signed.'));
    // The header token signs one payload; the unsigned body claims another file.
    const forgedBody = { key: doc.key, status: 2, url: t.ds.serveFile(docxSaying('What was not signed.')) };
    const { SignJWT } = await import('jose');
    const now = Math.floor(Date.now() / 1000);
    const header = await new SignJWT({ payload: { key: doc.key, status: 2, url: signedUrl } })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode('test-document-server-secret'));
    const res = await fetch(doc.callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${header}` }, body: JSON.stringify(forgedBody) });
    expect(await res.json()).toEqual({ error: 0 });
    expect(await latestText(doc.id)).toContain('What was signed.');
  });
});

describe('statuses that store nothing', () => {
  it.each([1, 4])('status %i changes nothing and answers {"error":0}', async (status) => {
    const doc = await opened();
    const before = { versions: await countRows(t.database, 'document_versions'), keys: await countRows(t.database, 'editor_keys') };
    const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status, users: ['1'], actions: [{ type: 1, userid: '1' }] });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(1);
    expect(await keyOf(doc.id)).toBe(doc.key);
    expect({ versions: await countRows(t.database, 'document_versions'), keys: await countRows(t.database, 'editor_keys') }).toEqual(before);
  });
});

describe('force-saves (status 6) and failed saves (3, 7)', () => {
  it('a force-save stores a version and keeps the key; the final save of the same file adds nothing and ends the key', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('Force-saved text.'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 6, url, forcesavetype: 1 })).json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(2);
    expect(await keyOf(doc.id)).toBe(doc.key);
    const again = t.ds.serveFile(docxSaying('Force-saved text.'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url: again })).json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(2);
    expect(await keyOf(doc.id)).not.toBe(doc.key);
  });

  it('status 7 is logged with what the Document Server said, and the file it still sent is kept', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('Kept after a failed force-save.'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 7, url, forcesavetype: 2 })).json).toEqual({ error: 0 });
    expect(t.logs()).toMatch(/status 7 \(error while force-saving\)/);
    expect(await latestText(doc.id)).toContain('Kept after a failed force-save.');
  });

  it('status 3 with a file that fails the checks is logged and stores nothing', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(new TextEncoder().encode('not a word document'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 3, url })).json).toEqual({ error: 0 });
    expect(t.logs()).toMatch(/fails the checks every upload passes/);
    expect(await versionOf(doc.id)).toBe(1);
  });
});

describe('refused callbacks store nothing and fetch nothing', () => {
  it.each([
    ['unsigned', { signing: 'none' as const }, 401],
    ['signed with another secret', { secret: 'a-forged-secret-of-some-length' }, 403],
    ['expired', { expiresIn: -120 }, 403],
    ['forged in the header', { signing: 'header' as const, secret: 'a-forged-secret-of-some-length' }, 403],
  ])('%s', async (_name, signing, status) => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('Should never be stored.'));
    const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url }, signing);
    expect(answer.status).toBe(status);
    expect(answer.json).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await versionOf(doc.id)).toBe(1);
    expect(t.ds.requestsTo(new URL(url).pathname)).toHaveLength(0);
  });

  it('a url on any other origin is refused and fetched from nowhere', async () => {
    const doc = await opened();
    for (const url of [`${elsewhereUrl}/output.docx`, `${t.publicUrl}/api/demo/document`, 'file:///etc/passwd', `${t.ds.url.replace('http:', 'https:')}/x.docx`]) {
      const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url });
      expect(answer.status, url).toBe(422);
    }
    expect(elsewhereHits).toEqual([]);
    expect(await versionOf(doc.id)).toBe(1);
    expect(t.logs()).toMatch(/not on the Document Server's origin/);
  });

  it('a redirect from the Document Server is not followed', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(new Uint8Array(), { status: 302, headers: { location: `${elsewhereUrl}/redirected.docx` } });
    const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url });
    expect(answer.status).toBe(422);
    expect(elsewhereHits).toEqual([]);
    expect(await versionOf(doc.id)).toBe(1);
  });

  it('a file over the upload limit is refused, whether or not its size is declared', async () => {
    const doc = await opened();
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    for (const headers of [{}, { 'transfer-encoding': 'chunked' }] as Array<Record<string, string>>) {
      const url = t.ds.serveFile(big, { headers });
      const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url });
      expect(answer.status).toBe(422);
    }
    expect(await versionOf(doc.id)).toBe(1);
  });

  it("a key never issued, or issued for another document, is refused", async () => {
    const doc = await opened();
    const other = await opened('Another document.');
    const url = t.ds.serveFile(docxSaying('Wrong key.'));
    for (const key of ['made-up-key', other.key]) {
      const answer = await t.ds.postCallback(doc.callbackUrl, { key, status: 2, url });
      expect(answer.status).toBe(404);
    }
    expect(await versionOf(doc.id)).toBe(1);
    expect(await versionOf(other.id)).toBe(1);
    expect(t.ds.requestsTo(new URL(url).pathname)).toHaveLength(0);
  });

  it('a body over the callback limit is refused from its size, and a non-integer id from its path', async () => {
    const doc = await opened();
    const huge = await fetch(doc.callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(300 * 1024) }) });
    expect(huge.status).toBe(413);
    for (const id of ['1e3', '01', 'abc', '99999999999']) {
      const res = await fetch(`${t.publicUrl}/api/documents/${id}/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status, id).toBe(400);
    }
    expect(await versionOf(doc.id)).toBe(1);
  });

  it('a payload that is not a Document Server callback is refused', async () => {
    const doc = await opened();
    for (const payload of [{ key: doc.key }, { key: doc.key, status: 'two' }, { key: doc.key, status: 9 }, { key: 'bad key!', status: 1 }]) {
      expect((await t.ds.postCallback(doc.callbackUrl, payload)).status).toBe(400);
    }
  });
});

describe('failures the Document Server should retry', () => {
  it('a storage failure answers 5xx and leaves no version; the retry then stores it once', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('Stored on the second try.'));
    const files = path.join(t.dataDir, 'files');
    const aside = `${files}.aside`;
    fs.renameSync(files, aside);
    // A file where the store's folder should be: every write fails, as on a broken disk.
    fs.writeFileSync(files, 'not a folder');
    try {
      const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url });
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(answer.json).toMatchObject({ error: { message: expect.stringMatching(/Retry later/) } });
    } finally {
      fs.rmSync(files);
      fs.renameSync(aside, files);
    }
    expect(await versionOf(doc.id)).toBe(1);
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url })).json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(2);
  });

  it('a Document Server that cannot be reached for the file answers 503', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(new Uint8Array(), { status: 500 });
    const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url });
    expect(answer.status).toBe(503);
    expect(await versionOf(doc.id)).toBe(1);
  });
});
