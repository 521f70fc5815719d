import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import multipartPlugin from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@common/limits';
import { tooLarge } from '@common/upload-rules';
import { buildDocx, paragraphXml } from '../../../tests/support/docx/fixtures';
import { doctypeIn, macroEnabled, manySmallPartsBomb, oneBigPartBomb, withRelationship } from '../../../tests/support/docx/hostile-fixtures';
import { MACROS_REASON } from '../../docx/macros';
import { AppError } from '../../http/app-error';
import { readUpload } from './read-upload';
import { type Agent, signedIn } from '../../../tests/support/agent';
import { DOCX, multipart } from '../../../tests/support/multipart';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/** docs/decisions/009-package-content-policy.md: hostile packages are refused (or defused) at upload and at save alike. */

const MB = 1024 * 1024;
let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  const generous = { max: 1_000 };
  t = await createTestApp({ limits: { rates: { uploadPerUser: generous, savePerUser: generous } } });
  owner = (await signedIn(t.app)).agent;
});
afterAll(() => t.close());

const upload = (bytes: Uint8Array, filename = 'hostile.docx') => {
  const body = multipart({ filename, type: DOCX, bytes });
  return owner.post('/api/documents/upload', body.payload, body.headers);
};
const save = (id: number, base: number, bytes: Uint8Array) =>
  owner.request({ method: 'PUT', url: `/api/documents/${id}/content`, payload: Buffer.from(bytes), headers: { 'content-type': DOCX, 'x-base-version': String(base) } });

/**
 * Every file under the data directory and every stored blob (the same files on disk; objects on
 * S3), with its size: what "nothing stored" is checked against.
 */
async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  for await (const key of t.deps.blobs.list()) out.push(`blob ${key}:${(await t.deps.blobs.stat(key))?.size}`);
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(p);
      else if (!p.includes(`${path.sep}db${path.sep}`)) out.push(`${path.relative(t.dataDir, p)}:${(await fs.stat(p)).size}`);
    }
  };
  await walk(t.dataDir);
  return out.sort();
}
const documentIds = async () => (await owner.get('/api/documents')).json().map((d: { id: number }) => d.id);

/** Runs `attempt` and checks it changed nothing: same documents, same versions, same files. */
async function storesNothing(attempt: () => Promise<void>, docId?: number) {
  const before = { ids: await documentIds(), files: await storedFiles(), doc: docId === undefined ? undefined : (await owner.get(`/api/documents/${docId}`)).json() };
  await attempt();
  expect(await documentIds()).toEqual(before.ids);
  expect(await storedFiles()).toEqual(before.files);
  if (docId !== undefined) expect((await owner.get(`/api/documents/${docId}`)).json()).toEqual(before.doc);
}

const hostile: [string, () => Uint8Array, RegExp | string][] = [
  ['the many-small-parts bomb (190 parts of 1 MB in a small file)', () => manySmallPartsBomb(190), /unpacks to more than/],
  ['the many-small-parts bomb under the total (40 parts of 1 MB)', () => manySmallPartsBomb(40), /more than 100 times its size, which is how ZIP bombs work/],
  ['one big part', oneBigPartBomb, /ZIP bombs/],
  ['a macro-enabled document', macroEnabled, MACROS_REASON],
  ['a DOCTYPE in customXml/item1.bin', () => doctypeIn('customXml/item1.bin'), /DTD declaration/],
  ['a DOCTYPE in word/document.dat', () => doctypeIn('word/document.dat'), /DTD declaration/],
  ['the depth bomb (15,000 nested content controls)', () => nestedContentControls(15_000), /is not valid XML/],
];

/** Content controls inside content controls: what overflowed the merge's stack before the depth limit. */
function nestedContentControls(depth: number): Uint8Array {
  const body = '<w:sdt><w:sdtContent>'.repeat(depth) + paragraphXml('Deep inside.') + '</w:sdtContent></w:sdt>'.repeat(depth);
  return buildDocx({ body });
}

describe('refused at upload, nothing stored', { timeout: 60_000 }, () => {
  it.each(hostile)('%s', async (_, build, reason) => {
    await storesNothing(async () => {
      const res = await upload(build());
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toMatch(reason);
    });
  });
});

describe('refused at save, nothing stored', { timeout: 60_000 }, () => {
  let docId: number;
  beforeAll(async () => {
    const res = await upload(buildDocx({ body: paragraphXml('The original text.') }), 'original.docx');
    expect(res.statusCode).toBe(201);
    docId = res.json().id;
  });

  it.each(hostile)('%s', async (_, build, reason) => {
    await storesNothing(async () => {
      const res = await save(docId, 1, build());
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toMatch(reason);
    }, docId);
  });
});

describe('a file:-linked document is accepted with the link dropped', () => {
  const linkedRels = (bytes: Uint8Array) => strFromU8(unzipSync(bytes)['word/_rels/document.xml.rels']!);
  const download = async (id: number) => new Uint8Array((await owner.get(`/api/documents/${id}/download`)).rawPayload);
  const editable = async (id: number) => new Uint8Array((await owner.get(`/api/documents/${id}/content`)).rawPayload);

  it('at upload: the stored file and the editing copy point nowhere', async () => {
    const res = await upload(withRelationship('attachedTemplate', 'file:///C:/Templates/Evil.dotm'));
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    for (const bytes of [await download(id), await editable(id)]) {
      expect(linkedRels(bytes)).not.toContain('file:');
      expect(linkedRels(bytes)).toMatch(/Id="rIdX"[^>]*Target="about:blank"/);
    }
  });

  it('at save: the editor cannot bring one back', async () => {
    const created = await upload(buildDocx({ body: paragraphXml('Before.') }));
    const id = created.json().id;
    // A picture the user "inserted", linked to a file share: the merge carries its relationship over.
    const res = await save(id, 1, withRelationship('image', '\\\\attacker\\share\\x.png', paragraphXml('Before.') + linkedPicture('rIdX')));
    expect(res.statusCode).toBe(200);
    expect(res.json().currentVersion).toBe(2);
    for (const bytes of [await download(id), await editable(id)]) {
      expect(strFromU8(unzipSync(bytes)['word/document.xml']!)).toMatch(/r:link="rId\w+"/);
      expect(linkedRels(bytes)).not.toMatch(/attacker/);
      expect(linkedRels(bytes)).toMatch(/Target="about:blank"/);
    }
  });
});

describe('an upload over 10 MB always gets 413', { timeout: 60_000 }, () => {
  it.each([11, 30])('%i MB', async (size) => {
    // A real package (a stored, incompressible picture), so a truncated copy is the only way to a 422.
    const bytes = buildDocx({ extraParts: { 'word/media/image1.png': new Uint8Array(randomBytes(size * MB)) }, level: 0 });
    expect(bytes.length).toBeGreaterThan(size * MB);
    await storesNothing(async () => {
      const res = await upload(bytes);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(tooLarge.description);
    });
  });
});

describe('readUpload refuses a truncated file even when the plugin does not throw', () => {
  it('answers 413, not a 422 about the cut-off content', async () => {
    const app = Fastify();
    app.setErrorHandler((err, _req, reply) => reply.status(err instanceof AppError ? 413 : 500).send({ message: err instanceof Error ? err.message : String(err) }));
    await app.register(multipartPlugin, { limits: { fileSize: MAX_UPLOAD_BYTES }, throwFileSizeLimit: false });
    app.post('/up', async (request) => ({ size: (await readUpload(request)).bytes.length }));
    const body = multipart({ filename: 'big.docx', type: DOCX, bytes: new Uint8Array(MAX_UPLOAD_BYTES + MB) });
    const res = await app.inject({ method: 'POST', url: '/up', payload: body.payload, headers: body.headers });
    expect(res.json()).toEqual({ message: tooLarge.description });
    expect(res.statusCode).toBe(413);
    await app.close();
  });
});

/** A paragraph holding a picture linked (not embedded) through relationship `id`. */
function linkedPicture(id: string): string {
  const a = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  const pic = 'http://schemas.openxmlformats.org/drawingml/2006/picture';
  return (
    `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/>` +
    `<a:graphic xmlns:a="${a}"><a:graphicData uri="${pic}"><pic:pic xmlns:pic="${pic}"><pic:nvPicPr><pic:cNvPr id="0" name="x.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:link="${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`
  );
}
