import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@common/limits';
import { EditorConfigSchema } from '@common/schemas/onlyoffice';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { uploadDocx } from '../../../tests/support/documents';
import { createOnlyofficeApp, DS_SECRET, docxSaying } from '../../../tests/support/onlyoffice';
import { editDocx, replaceText } from '../../../tests/support/paragraph-edits';
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

  it("says in the history what the Document Server's save changed", async () => {
    const doc = await opened('The Supplier shall deliver within 30 days.');
    const url = t.ds.serveFile(docxSaying('The Supplier shall deliver within fifteen working days.'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url, users: ['1'] })).json).toEqual({ error: 0 });
    const [latest] = (await owner.get(`/api/documents/${doc.id}/versions`)).json() as Array<{ kind: string; summary: { wordsAdded: number; wordsRemoved: number } | null }>;
    expect(latest!.kind).toBe('onlyoffice');
    // The text is in two paragraphs (the subtitle and the body): in each, '30' went and 'fifteen working' came.
    expect(latest!.summary).toEqual({ paragraphsChanged: 2, paragraphsAdded: 0, paragraphsRemoved: 0, wordsAdded: 4, wordsRemoved: 2 });
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

  it('with tokens in both the body and the header, acts on the body token', async () => {
    const doc = await opened();
    const inBody = t.ds.serveFile(docxSaying('What the body token signed.'));
    const inHeader = t.ds.serveFile(docxSaying('What the header token signed.'));
    const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url: inBody }, { signing: 'both', headerPayload: { key: doc.key, status: 2, url: inHeader } });
    expect(answer.json).toEqual({ error: 0 });
    expect(await latestText(doc.id)).toContain('What the body token signed.');
    expect(t.ds.requestsTo(new URL(inHeader).pathname)).toHaveLength(0);
  });

  it('a forged body token is refused even beside a valid header token', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('Should never be stored.'));
    const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url }, { signing: 'both', secret: 'a-forged-secret-of-some-length', headerSecret: DS_SECRET });
    expect(answer.status).toBe(403);
    expect(await versionOf(doc.id)).toBe(1);
    expect(t.ds.requestsTo(new URL(url).pathname)).toHaveLength(0);
  });

  it('is accepted with the token in an AuthorizationJwt header alone (a Document Server with a custom header name)', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('Signed in AuthorizationJwt.'));
    const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url }, { signing: 'header', headerName: 'AuthorizationJwt' });
    expect(answer.json).toEqual({ error: 0 });
    expect(await latestText(doc.id)).toContain('Signed in AuthorizationJwt.');
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
      .sign(new TextEncoder().encode(DS_SECRET));
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

  it('status 3 with a file that passes the checks keeps that file, is logged, and ends the key', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('Kept after a failed save.'));
    const logged = t.logs().length;
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 3, url })).json).toEqual({ error: 0 });
    expect(t.logs().slice(logged)).toMatch(/status 3 \(error while saving\)/);
    expect(await versionOf(doc.id)).toBe(2);
    expect(await latestText(doc.id)).toContain('Kept after a failed save.');
    const next = await keyOf(doc.id);
    expect(next).not.toBe(doc.key);
    expect(next).toMatch(new RegExp(`^${doc.id}\\.2\\.`));
  });

  it('status 3 with a file that fails the checks is logged and stores nothing', async () => {
    const doc = await opened();
    const url = t.ds.serveFile(new TextEncoder().encode('not a word document'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 3, url })).json).toEqual({ error: 0 });
    expect(t.logs()).toMatch(/fails the checks every upload passes/);
    expect(await versionOf(doc.id)).toBe(1);
  });
});

describe('a file from an editing session the document has moved on from', () => {
  const overtaken = (at: number, version: number) =>
    new RegExp(`a file from an editing session at version ${at} arrived after version ${version - 1} was stored; stored as version ${version}`);

  it('is stored as the newest version, the later work staying in the one before it; a retry of its own final save stores nothing', async () => {
    const doc = await opened();
    const final = t.ds.serveFile(docxSaying('The first session, saved at its end.'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url: final })).json).toEqual({ error: 0 });
    const next = await keyOf(doc.id);
    const later = t.ds.serveFile(docxSaying('The next session, saved after it.'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: next, status: 2, url: later })).json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(3);

    // Under the first, finished key: a file it never sent before. Nothing the user typed is refused.
    const logged = t.logs().length;
    const late = t.ds.serveFile(docxSaying('A late save of the first session.'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 6, url: late })).json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(4);
    expect(await latestText(doc.id)).toContain('A late save of the first session.');
    expect(t.logs().slice(logged)).toMatch(overtaken(2, 4));
    // The retry of its final save is recognised: no version is added.
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url: final })).json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(4);
  });

  it('is stored on top of a version saved some other way while the session was open, and the log names both', async () => {
    const doc = await opened();
    const content = await owner.get(`/api/documents/${doc.id}/content`);
    const other = await owner.request({
      method: 'PUT',
      url: `/api/documents/${doc.id}/content`,
      payload: content.rawPayload,
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'x-base-version': '1' },
    });
    expect(other.statusCode).toBe(200);
    const logged = t.logs().length;
    const url = t.ds.serveFile(docxSaying('Edited from version 1, unaware of version 2.'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url })).json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(3);
    expect(t.logs().slice(logged)).toMatch(overtaken(1, 3));
  });

  it('is stored without a warning when only a conflict was kept since it began: a conflict takes a number, not the current version', async () => {
    const doc = await opened();
    const v1 = await owner.get(`/api/documents/${doc.id}/content`);
    const save = (base: number, to: string) =>
      owner.request({
        method: 'PUT',
        url: `/api/documents/${doc.id}/content`,
        payload: Buffer.from(editDocx(new Uint8Array(v1.rawPayload), replaceText('within 30 days', to))),
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'x-base-version': String(base) },
      });
    expect((await save(1, 'within 60 days')).statusCode).toBe(200);
    const key = await keyOf(doc.id); // the session opens at version 2
    expect((await save(1, 'within 90 days')).statusCode).toBe(409); // kept as version 3, version 2 still current
    expect(await versionOf(doc.id)).toBe(2);
    const logged = t.logs().length;
    const url = t.ds.serveFile(docxSaying('Edited from version 2.'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key, status: 2, url })).json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(4);
    expect(t.logs().slice(logged)).not.toMatch(/arrived after version/);
  });

  it('is stored without a warning when nothing was saved since it began, even under a key a refresh closed', async () => {
    const doc = await opened();
    expect((await owner.post(`/api/documents/${doc.id}/config/refresh`)).statusCode).toBe(200);
    expect(await keyOf(doc.id)).not.toBe(doc.key);
    const logged = t.logs().length;
    const url = t.ds.serveFile(docxSaying('The closed session still had work to save.'));
    expect((await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url })).json).toEqual({ error: 0 });
    expect(await versionOf(doc.id)).toBe(2);
    expect(await latestText(doc.id)).toContain('The closed session still had work to save.');
    expect(t.logs().slice(logged)).not.toMatch(/arrived after version/);
  });
});

describe('refused callbacks store nothing and fetch nothing', () => {
  /** What the log tells an administrator: which setting to fix. */
  const NO_TOKEN = /a callback came without a token; turn on JWT in the Document Server \(services\.CoAuthoring\.token\.enable\)/;
  const BAD_TOKEN = /a callback token did not verify \(wrong signature or expired\); DOCUMENT_SERVER_JWT_SECRET must equal the Document Server's JWT secret/;

  it.each([
    ['unsigned', { signing: 'none' as const }, 401, NO_TOKEN],
    ['signed with another secret', { secret: 'a-forged-secret-of-some-length' }, 403, BAD_TOKEN],
    ['expired', { expiresIn: -120 }, 403, BAD_TOKEN],
    ['forged in the header', { signing: 'header' as const, secret: 'a-forged-secret-of-some-length' }, 403, BAD_TOKEN],
  ])('%s', async (_name, signing, status, logLine) => {
    const doc = await opened();
    const url = t.ds.serveFile(docxSaying('Should never be stored.'));
    const logged = t.logs().length;
    const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url }, signing);
    expect(answer.status).toBe(status);
    expect(answer.json).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await versionOf(doc.id)).toBe(1);
    expect(t.ds.requestsTo(new URL(url).pathname)).toHaveLength(0);
    expect(t.logs().slice(logged)).toMatch(logLine);
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
    // Every write fails, as on a full disk or a bucket that stopped answering.
    const put = vi.spyOn(t.deps.blobs, 'put').mockRejectedValue(new Error('storage unavailable'));
    try {
      const answer = await t.ds.postCallback(doc.callbackUrl, { key: doc.key, status: 2, url });
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(answer.json).toMatchObject({ error: { message: expect.stringMatching(/Retry later/) } });
      expect(put).toHaveBeenCalled();
    } finally {
      put.mockRestore();
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
