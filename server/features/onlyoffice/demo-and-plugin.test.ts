import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EditorConfigSchema, PLUGIN_GUID } from '@common/schemas/onlyoffice';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { uploadDocx } from '../../../tests/support/documents';
import { createOnlyofficeApp, DS_SECRET, docxSaying } from '../../../tests/support/onlyoffice';
import { countRows } from '../../../tests/support/row-counts';

type OnlyofficeApp = Awaited<ReturnType<typeof createOnlyofficeApp>>;
let t: OnlyofficeApp;
let owner: Agent;
let stranger: Agent;
beforeAll(async () => {
  t = await createOnlyofficeApp();
  owner = (await signedIn(t.app)).agent;
  stranger = (await signedIn(t.app)).agent;
});
afterAll(() => t.close());

const anonymous = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, ...(payload ? { payload } : {}) });

describe('the /demo page editor', () => {
  it('opens a public, read-only sample that is no stored document', async () => {
    const res = await anonymous('GET', '/api/demo/config');
    expect(res.statusCode).toBe(200);
    const config = EditorConfigSchema.parse(res.json());
    await jwtVerify(config.token, new TextEncoder().encode(DS_SECRET), { algorithms: ['HS256'] });
    expect(config.editorConfig.mode).toBe('view');
    expect(config.document.permissions.edit).toBe(false);
    expect(config.document.url).toBe(`${t.publicUrl}/api/demo/document`);
    expect(config.editorConfig.callbackUrl).toBe(`${t.publicUrl}/api/demo/callback`);
    const file = await anonymous('GET', '/api/demo/document');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The Document Server opens it as it would any document.
    const open = await fetch(`${t.ds.url}/fake/open`, { method: 'POST', body: JSON.stringify({ config }) });
    expect(await open.json()).toMatchObject({ errorCode: 0 });
  });

  it("the brief's fixed demo paths (docs/product.md §7) never read or write document 4", async () => {
    for (let i = 0; i < 4; i++) await uploadDocx(owner, docxSaying(`Private document ${i}`));
    const owned = (await owner.get('/api/documents')).json() as Array<{ id: number }>;
    expect(owned.map((d) => d.id)).toContain(4);
    expect((await anonymous('GET', '/api/documents/4/download')).statusCode).toBe(401);
    expect((await stranger.get('/api/documents/4/download')).statusCode).toBe(404);
    expect((await anonymous('GET', '/api/documents/4/file')).statusCode).toBe(400);
    const versions = await countRows(t.database, 'document_versions');
    const unsigned = await anonymous('POST', '/api/documents/4/callback', { key: '4.1.x', status: 2, url: `${t.ds.url}/x` });
    expect(unsigned.statusCode).toBe(401);
    expect(await countRows(t.database, 'document_versions')).toBe(versions);
  });

  it('its callback answers a signed call with {"error":0} and stores nothing; an unsigned one is refused', async () => {
    const versions = await countRows(t.database, 'document_versions');
    const signed = await t.ds.postCallback(`${t.publicUrl}/api/demo/callback`, { key: 'demo-x', status: 4 });
    expect(signed.json).toEqual({ error: 0 });
    expect((await t.ds.postCallback(`${t.publicUrl}/api/demo/callback`, { key: 'demo-x', status: 2 }, { signing: 'none' })).status).toBe(403);
    expect(await countRows(t.database, 'document_versions')).toBe(versions);
  });
});

describe('the assistant plugin, served for the Document Server', () => {
  const dsOrigin = () => new URL(t.ds.url).origin;

  it('serves config.json with its guid, readable by the Document Server origin only', async () => {
    const res = await anonymous('GET', '/sdkjs-plugins/redraft-assistant/config.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ guid: PLUGIN_GUID });
    expect(res.headers['access-control-allow-origin']).toBe(dsOrigin());
  });

  it('lets the Document Server frame the plugin page, with its own parameters, and load its own plugin API', async () => {
    const res = await anonymous('GET', `/sdkjs-plugins/redraft-assistant/index.html?editorOrigin=${encodeURIComponent(dsOrigin())}&v=8.3`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors 'self' ${dsOrigin()}`);
    expect(csp).toContain(`script-src 'self' ${dsOrigin()}`);
    // An HTTP Document Server on a private network must not be rewritten to HTTPS.
    expect(csp).not.toContain('upgrade-insecure-requests');
    const api = await anonymous('GET', '/sdkjs-plugins/v1/plugins.js?v=8.3');
    expect(api.statusCode).toBe(302);
    expect(api.headers.location).toBe(`${t.ds.url}/sdkjs-plugins/v1/plugins.js`);
  });

  it("tells the plugin this site's origin, the only one it may talk to", async () => {
    const res = await anonymous('GET', '/sdkjs-plugins/redraft-assistant/scripts/host-origin.js');
    expect(res.body).toBe(`window.REDRAFT_HOST_ORIGIN = ${JSON.stringify(t.publicUrl)};\n`);
  });

  it.each(['../../server/config.ts', '..%2F..%2Fpackage.json', 'README.md', 'nothing.js', '%00'])('serves nothing else: %s', async (name) => {
    expect((await anonymous('GET', `/sdkjs-plugins/redraft-assistant/${name}`)).statusCode).toBe(404);
  });

  it.each(['..%2Fsecret.js', 'plugins.exe', 'a/b.js'])('the plugin API redirect takes only a plain file name: %s', async (name) => {
    expect((await anonymous('GET', `/sdkjs-plugins/v1/${name}`)).statusCode).toBe(404);
  });
});
