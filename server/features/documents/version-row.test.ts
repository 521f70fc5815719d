/**
 * The document row describes its latest version (docs/decisions/010-request-bodies-per-route.md): after a save, its size and
 * stored name are the new version's, not the upload's.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { saveDocx, uploadDocx } from '../../../tests/support/documents';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { buildDocx, paragraphXml } from '../../../tests/support/docx/fixtures';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedIn(t.app)).agent;
});
afterAll(() => t.close());

it('follows the latest version with fileSize and filename after a save', async () => {
  const bytes = buildDocx({ body: paragraphXml('A short first draft.') });
  const doc = (await uploadDocx(owner, bytes, 'draft.docx')).json();
  expect(doc.fileSize).toBe(bytes.length);

  const opened = await owner.get(`/api/documents/${doc.id}/content`);
  const files = unzipSync(new Uint8Array(opened.rawPayload));
  const longer = ' And a much longer second paragraph that the author added to it.'.repeat(40);
  files['word/document.xml'] = strToU8(strFromU8(files['word/document.xml']!).replace('A short first draft.', `A short first draft.${longer}`));
  const saved = await saveDocx(owner, doc.id, 1, zipSync(files));
  expect(saved.statusCode).toBe(200);

  const download = await owner.get(`/api/documents/${doc.id}/download`);
  const row = (await owner.get(`/api/documents/${doc.id}`)).json();
  expect(row.currentVersion).toBe(2);
  expect(row.fileSize).toBe(download.rawPayload.length);
  expect(row.fileSize).not.toBe(bytes.length);
  expect(row.filename).not.toBe(doc.filename);
  expect(row.originalName).toBe('draft.docx');
});
