import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EditorConfigSchema, PLUGIN_GUID } from '@common/schemas/onlyoffice';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { movableClock } from '../../../tests/support/clock';
import { uploadDocx } from '../../../tests/support/documents';
import { createOnlyofficeApp, DS_SECRET, docxSaying } from '../../../tests/support/onlyoffice';
import { freePort } from '../../../tests/support/server-process';
import { createTestApp } from '../../../tests/support/test-app';

type OnlyofficeApp = Awaited<ReturnType<typeof createOnlyofficeApp>>;
const clock = movableClock();
let t: OnlyofficeApp;
let owner: Agent;
let stranger: Agent;
beforeAll(async () => {
  t = await createOnlyofficeApp({ clock });
  owner = (await signedIn(t.app)).agent;
  stranger = (await signedIn(t.app)).agent;
});
afterAll(() => t.close());

async function uploaded(text = 'The Supplier shall deliver within 30 days.') {
  const res = await uploadDocx(owner, docxSaying(text), 'Supply contract.docx');
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; currentVersion: number };
}

const configOf = async (a: Agent, id: number) => {
  const res = await a.get(`/api/documents/${id}/config`);
  expect(res.statusCode, res.body).toBe(200);
  return EditorConfigSchema.parse(res.json());
};

/** The path and query of an absolute URL of ours, for app.inject(). */
const local = (url: string) => url.slice(t.publicUrl.length);

describe('GET /api/documents/:id/config', () => {
  it('is signed with the shared secret over everything the Document Server reads, with every required field', async () => {
    const doc = await uploaded();
    const config = await configOf(owner, doc.id);
    const { payload } = await jwtVerify(config.token, new TextEncoder().encode(DS_SECRET), { algorithms: ['HS256'] });
    const { token: _token, documentServerUrl, ...signed } = config;
    expect(payload).toMatchObject(signed);
    expect(documentServerUrl).toBe(t.ds.url);
    expect(config.documentType).toBe('word');
    expect(config.document).toMatchObject({ fileType: 'docx', title: 'Supply contract.docx' });
    expect(config.document.permissions).toEqual({ edit: true, comment: true, review: true, download: true, print: true });
    expect(config.document.url.startsWith(`${t.publicUrl}/api/documents/${doc.id}/file?token=`)).toBe(true);
    expect(config.editorConfig.callbackUrl).toBe(`${t.publicUrl}/api/documents/${doc.id}/callback`);
    expect(config.editorConfig).toMatchObject({ mode: 'edit', lang: 'en', customization: { autosave: true, forcesave: true } });
    expect(config.editorConfig.plugins).toEqual({
      autostart: [PLUGIN_GUID],
      pluginsData: [`${t.publicUrl}/sdkjs-plugins/redraft-assistant/config.json`],
    });
  });

  it('a token signed with another secret does not verify', async () => {
    const config = await configOf(owner, (await uploaded()).id);
    await expect(jwtVerify(config.token, new TextEncoder().encode('some-other-secret-value'), { algorithms: ['HS256'] })).rejects.toThrow();
  });

  it('keeps one key while a version is edited, for every editor that opens it', async () => {
    const doc = await uploaded();
    const first = await configOf(owner, doc.id);
    const second = await configOf(owner, doc.id);
    expect(second.document.key).toBe(first.document.key);
    expect(first.document.key).toMatch(new RegExp(`^${doc.id}\\.1\\.[A-Za-z0-9_-]+$`));
  });

  it('a refresh (the editor saw the version change) issues a new key; the old one is never given out again', async () => {
    const doc = await uploaded();
    const before = await configOf(owner, doc.id);
    const res = await owner.post(`/api/documents/${doc.id}/config/refresh`);
    expect(res.statusCode).toBe(200);
    const refreshed = EditorConfigSchema.parse(res.json());
    expect(refreshed.document.key).not.toBe(before.document.key);
    expect((await configOf(owner, doc.id)).document.key).toBe(refreshed.document.key);
  });

  it('a version stored another way (the embedded editor, a restore) gets a new key', async () => {
    const doc = await uploaded();
    const before = await configOf(owner, doc.id);
    const content = await owner.get(`/api/documents/${doc.id}/content`);
    const saved = await owner.request({
      method: 'PUT',
      url: `/api/documents/${doc.id}/content`,
      payload: content.rawPayload,
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'x-base-version': '1' },
    });
    expect(saved.statusCode).toBe(200);
    const after = await configOf(owner, doc.id);
    expect(after.document.key).not.toBe(before.document.key);
    expect(after.document.key).toMatch(new RegExp(`^${doc.id}\\.2\\.`));
  });

  it("answers 404 for another user's document and 401 signed out, and gives neither a key", async () => {
    const doc = await uploaded();
    expect((await stranger.get(`/api/documents/${doc.id}/config`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/documents/${doc.id}/config/refresh`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/config` })).statusCode).toBe(401);
  });
});

describe('the file URL the Document Server fetches', () => {
  it('works without a cookie and gives that version as stored', async () => {
    const doc = await uploaded();
    const config = await configOf(owner, doc.id);
    const res = await t.app.inject({ method: 'GET', url: local(config.document.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    const download = await owner.get(`/api/documents/${doc.id}/download`);
    expect(Buffer.compare(res.rawPayload, download.rawPayload)).toBe(0);
  });

  it('keeps giving the version it was signed for after a newer one is stored', async () => {
    const doc = await uploaded('The Supplier shall deliver within 30 days.');
    const first = await configOf(owner, doc.id);
    const v1 = (await owner.get(`/api/documents/${doc.id}/download`)).rawPayload;
    const edited = t.ds.serveFile(docxSaying('The Supplier shall deliver within 15 days.'));
    const saved = await t.ds.postCallback(first.editorConfig.callbackUrl, { key: first.document.key, status: 2, url: edited });
    expect(saved.json).toEqual({ error: 0 });
    const v2 = (await owner.get(`/api/documents/${doc.id}/download`)).rawPayload;
    expect(Buffer.compare(v1, v2)).not.toBe(0);

    const old = await t.app.inject({ method: 'GET', url: local(first.document.url) });
    expect(old.statusCode).toBe(200);
    expect(Buffer.compare(old.rawPayload, v1)).toBe(0);
    const next = await configOf(owner, doc.id);
    const current = await t.app.inject({ method: 'GET', url: local(next.document.url) });
    expect(Buffer.compare(current.rawPayload, v2)).toBe(0);
  });

  it('fails for another document', async () => {
    const mine = await uploaded();
    const other = await uploaded('Another document.');
    const config = await configOf(owner, mine.id);
    const token = new URL(config.document.url).searchParams.get('token')!;
    const res = await t.app.inject({ method: 'GET', url: `/api/documents/${other.id}/file?token=${token}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/not valid for this document, or it has expired/);
  });

  it('fails once it has expired', async () => {
    const doc = await uploaded();
    const config = await configOf(owner, doc.id);
    expect((await t.app.inject({ method: 'GET', url: local(config.document.url) })).statusCode).toBe(200);
    clock.advance(11 * 60_000);
    try {
      expect((await t.app.inject({ method: 'GET', url: local(config.document.url) })).statusCode).toBe(403);
    } finally {
      clock.advance(-11 * 60_000);
    }
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    ['the config token (signed with the shared secret, not the file key)', 'CONFIG'],
  ])('refuses %s as a token', async (_name, token) => {
    const doc = await uploaded();
    const config = await configOf(owner, doc.id);
    const value = token === 'CONFIG' ? config.token : token;
    expect((await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/file?token=${value}` })).statusCode).toBe(403);
  });

  it('is what the Document Server really downloads when the editor opens, with no cookie; its first callback is seen', async () => {
    const doc = await uploaded();
    const config = await configOf(owner, doc.id);
    const status = () => owner.get(`/api/documents/${doc.id}/callback/status`);
    expect((await status()).json()).toEqual({ key: config.document.key, lastCallbackAt: null });
    const res = await fetch(`${t.ds.url}/fake/open`, { method: 'POST', body: JSON.stringify({ config }) });
    expect(await res.json()).toMatchObject({ errorCode: 0 });
    expect(t.ds.opened.at(-1)).toMatchObject({ url: config.document.url, status: 200 });
    expect(t.ds.callbacks.at(-1)).toEqual({ url: config.editorConfig.callbackUrl, status: 200 });
    expect((await status()).json()).toMatchObject({ key: config.document.key, lastCallbackAt: expect.any(String) });
    expect((await stranger.get(`/api/documents/${doc.id}/callback/status`)).statusCode).toBe(404);
  });
});

describe('without a Document Server', () => {
  it('answers 404 with a sentence, and the health check says embedded', async () => {
    const plain = await createTestApp();
    try {
      const a = (await signedIn(plain.app)).agent;
      const doc = (await uploadDocx(a, docxSaying('x'))).json() as { id: number };
      const res = await a.get(`/api/documents/${doc.id}/config`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toMatch(/No Document Server is configured/);
      expect((await plain.app.inject({ method: 'GET', url: '/api/health' })).json().editor).toBe('embedded');
      expect((await plain.app.inject({ method: 'GET', url: '/sdkjs-plugins/redraft-assistant/config.json' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('with one, the health check says onlyoffice', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().editor).toBe('onlyoffice');
  });
});

describe('the boot check of the Document Server, in the log', () => {
  /** The probe gives up after 5 s; a refused connection fails at once. */
  const PROBE = { timeout: 6000 };
  /** A Redraft booted with DOCUMENT_SERVER_URL set to `url`. */
  const bootedWith = (url: string) =>
    createTestApp({ env: { DOCUMENT_SERVER_URL: url, DOCUMENT_SERVER_JWT_SECRET: DS_SECRET, PUBLIC_URL: t.publicUrl } });

  it('says when the Document Server answers its health check', async () => {
    await vi.waitFor(() => expect(t.logs()).toMatch(/the Document Server answers its health check/), PROBE);
  });

  it('names DOCUMENT_SERVER_URL when nothing answers there', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const booted = await bootedWith(nowhere);
    try {
      await vi.waitFor(() =>
        expect(booted.logs()).toMatch(
          new RegExp(`the Document Server at ${nowhere} cannot be reached from this server; check DOCUMENT_SERVER_URL and that ONLYOFFICE Docs is running`),
        ),
        PROBE,
      );
    } finally {
      await booted.close();
    }
  });

  it('says when it answers but does not report itself healthy', async () => {
    const sick = http.createServer((_req, res) => res.writeHead(503, { 'content-type': 'text/plain' }).end('false'));
    await new Promise<void>((resolve) => sick.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(sick.address() as AddressInfo).port}`;
    const booted = await bootedWith(url);
    try {
      await vi.waitFor(() => expect(booted.logs()).toMatch(/did not report itself healthy \(GET \/healthcheck answered 503\); documents will not open until it does/), PROBE);
    } finally {
      await booted.close();
      await new Promise<void>((resolve) => sick.close(() => resolve()));
    }
  });
});
