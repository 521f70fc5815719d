/**
 * The built web app as server/main.ts serves it (app.ts serveWebApp): hashed assets compressed
 * ahead of time and cached for good, pages as the shell, and nothing outside the build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

const SCRIPT = `export const answer = ${'42 + '.repeat(200)}0;\n`;
let t: TestApp;
let webRoot: string;
/** A file beside the build, which no URL may reach. */
let outside: string;
const SECRET = 'a file outside the build';

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>Redraft</title></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-Ab12.js'), SCRIPT);
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-Ab12.js.br'), brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-Ab12.js.gz'), gzipSync(SCRIPT));
  fs.writeFileSync(path.join(webRoot, 'assets', 'once-Cd34.js'), SCRIPT);
  fs.mkdirSync(path.join(webRoot, '.vite'));
  fs.writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/app-Ab12.js"}}');
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET);
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('hashed assets', () => {
  it.each([
    ['br', 'br', (b: Buffer) => brotliCompressSync(SCRIPT).equals(b)],
    ['gzip', 'gzip', (b: Buffer) => gzipSync(SCRIPT).equals(b)],
    ['br;q=0, gzip', 'gzip', (b: Buffer) => gzipSync(SCRIPT).equals(b)],
  ])('are sent precompressed for Accept-Encoding %s, cached for good', async (accept, encoding, same) => {
    const res = await get('/assets/app-Ab12.js', { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(same(res.rawPayload)).toBe(true);
  });

  it('are read once, however many requests for one arrive while it is being read', async () => {
    const readFile = vi.spyOn(fs.promises, 'readFile');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => get('/assets/once-Cd34.js')));
      expect(answers.map((res) => res.body)).toEqual(Array(20).fill(SCRIPT));
      expect(await get('/assets/once-Cd34.js')).toMatchObject({ statusCode: 200, body: SCRIPT });
      expect(readFile.mock.calls.filter(([file]) => String(file).endsWith('once-Cd34.js'))).toHaveLength(1);
    } finally {
      readFile.mockRestore();
    }
  });

  it('are sent as they are to a client that takes no compression', async () => {
    const res = await get('/assets/app-Ab12.js', { 'accept-encoding': 'identity' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it.each([
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['br;q=0.4, gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['BR', 'br'],
    ['deflate', undefined],
  ])('Accept-Encoding %s gets %s', async (accept, encoding) => {
    const res = await get('/assets/app-Ab12.js', { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    if (!encoding) expect(res.body).toBe(SCRIPT);
  });

  it('answer a request with the ETag they were sent with 304, per encoding', async () => {
    const first = await get('/assets/app-Ab12.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await get('/assets/app-Ab12.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The gzip copy is another representation: the br copy's tag does not match it.
    const other = await get('/assets/app-Ab12.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(gzipSync(SCRIPT).equals(other.rawPayload)).toBe(true);
  });

  it('answer HEAD like GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/assets/app-Ab12.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });
});

describe('everything else', () => {
  it('files outside assets/ must be revalidated', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/index.html', '/.vite/manifest.json', '/assets/app-Ab12.js.br', '/library', '/editor/12', '/assets/missing-Zz99.js', '/ASSETS/app-Ab12.js', '/assets/APP-AB12.JS'])('%s is a page: the shell, never cached', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.body).not.toContain('export const answer');
  });

  it('no URL reaches a file outside the build', async () => {
    const secret = `${path.basename(outside)}/secret.txt`;
    for (const url of [
      `/../${secret}`,
      `/assets/../../${secret}`,
      `/assets/%2e%2e/%2e%2e/${secret}`,
      `/..%2f${secret.replace('/', '%2f')}`,
      `/assets/..%5c..%5c${secret}`,
      '/assets/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await get(url);
      expect(res.body, url).not.toContain(SECRET);
      expect(res.body, url).not.toContain('root:');
    }
  });
});
