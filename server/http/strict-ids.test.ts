/**
 * Ids in paths and version numbers in headers are plain decimal integers (docs/decisions/010-request-bodies-per-route.md):
 * everything Number() would also accept is refused with the field's message, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Agent } from '../../tests/support/agent';
import { saveDocx, uploadDocx } from '../../tests/support/documents';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { buildDocx, paragraphXml } from '../../tests/support/docx/fixtures';

let t: TestApp;
let user: Agent;
let docId: number;
let docx: Uint8Array;

beforeAll(async () => {
  t = await createTestApp();
  user = (await signedIn(t.app)).agent;
  docx = buildDocx({ body: paragraphXml('One paragraph.') });
  docId = (await uploadDocx(user, docx)).json().id;
});
afterAll(() => t.close());

const notDecimal = ['1e0', '0x1', '%201', '1.0', '+1', '01', '-1', '0', '1%20', '2147483648', '99999999999', 'abc', '１'];

describe('ids in paths', () => {
  it.each(notDecimal)('refuses document id %j on every document route with 400', async (raw) => {
    for (const [method, suffix] of [['GET', ''], ['GET', '/download'], ['GET', '/content'], ['GET', '/chat'], ['DELETE', '']] as const) {
      const res = await user.request({ method, url: `/api/documents/${raw}${suffix}` });
      expect(res.statusCode, `${method} ${raw}${suffix}`).toBe(400);
      expect(res.json().error.message).toBe('id: Document id must be a positive integer');
    }
  });

  it.each(notDecimal)('refuses template id %j with 400', async (raw) => {
    const res = await user.post(`/api/templates/${raw}/use`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('id: Template id must be a positive integer');
  });

  it('still serves a plain id and leaves the document as it was', async () => {
    expect((await user.get(`/api/documents/${docId}`)).statusCode).toBe(200);
    expect((await user.get('/api/documents')).json()).toHaveLength(1);
  });
});

describe('the base version header of a save', () => {
  it.each(notDecimal)('refuses x-base-version %j with 400 and stores nothing', async (raw) => {
    const res = await saveDocx(user, docId, decodeURIComponent(raw), docx);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('x-base-version: x-base-version must be the version number the edit started from');
    expect((await user.get(`/api/documents/${docId}`)).json().currentVersion).toBe(1);
  });
});
