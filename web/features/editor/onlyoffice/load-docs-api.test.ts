import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocsApi } from './docs-api';
import { DOCS_API_MAX_POLLS, DOCS_API_POLL_MS, DOCS_API_POLLS_AFTER_LOAD, type DocsApiEnvironment, docsApiLoadAdvice, docsApiUrl, loadDocsApi } from './load-docs-api';

const DS = 'https://docs.example.com';
const api = { DocEditor: class {} } as unknown as DocsApi;

/** A page where the script settles when the test says so, and `DocsAPI` appears when it says so. */
function fakePage() {
  let docsApi: DocsApi | undefined;
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const env: DocsApiEnvironment & { sources: string[]; errors: string[] } = {
    sources: [],
    errors: [],
    getDocsApi: () => docsApi,
    loadScript(src) {
      env.sources.push(src);
      return new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    },
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    logError: (message) => env.errors.push(message),
  };
  return {
    env,
    define: () => (docsApi = api),
    loaded: () => settle?.resolve(),
    failed: () => settle?.reject(new Error('net::ERR_CONNECTION_REFUSED')),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('docsApiUrl', () => {
  it('is api.js under the server, with the document key as shard key', () => {
    expect(docsApiUrl(`${DS}/`)).toBe(`${DS}/web-apps/apps/api/documents/api.js`);
    expect(docsApiUrl(DS, 'doc-7.v3=')).toBe(`${DS}/web-apps/apps/api/documents/api.js?shardkey=doc-7.v3%3D`);
  });
});

describe('loadDocsApi', () => {
  it('answers at once when DocsAPI is already there, without another script', async () => {
    const page = fakePage();
    page.define();
    await expect(loadDocsApi(DS, 'k1', page.env)).resolves.toEqual({ ok: true, api });
    expect(page.env.sources).toEqual([]);
  });

  it('polls every 500 ms until the loaded script defines DocsAPI', async () => {
    const page = fakePage();
    const result = loadDocsApi(DS, 'k1', page.env);
    expect(page.env.sources).toEqual([`${DS}/web-apps/apps/api/documents/api.js?shardkey=k1`]);
    page.loaded();
    await vi.advanceTimersByTimeAsync(DOCS_API_POLL_MS * 3);
    page.define();
    await vi.advanceTimersByTimeAsync(DOCS_API_POLL_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: true, api });
    expect(page.env.errors).toEqual([]);
  });

  it('a script that fails to load is code -2, logged with the server', async () => {
    const page = fakePage();
    const result = loadDocsApi(DS, undefined, page.env);
    page.failed();
    await vi.advanceTimersByTimeAsync(DOCS_API_POLL_MS);
    const outcome = await result;
    expect(outcome).toEqual({ ok: false, error: { code: -2, message: `Error load DocsAPI from ${DS}`, documentServerUrl: DS } });
    expect(page.env.errors).toEqual([`Error load DocsAPI from ${DS}`]);
    if (!outcome.ok) expect(docsApiLoadAdvice(outcome.error)).toContain('DOCUMENT_SERVER_URL');
  });

  it('a script that loads but never defines DocsAPI is code -3 after a bounded number of polls', async () => {
    const page = fakePage();
    const result = loadDocsApi(DS, undefined, page.env);
    page.loaded();
    await vi.advanceTimersByTimeAsync(DOCS_API_POLL_MS * (DOCS_API_POLLS_AFTER_LOAD - 1));
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(DOCS_API_POLL_MS);
    expect(await result).toMatchObject({ ok: false, error: { code: -3, message: 'DocsAPI is not defined' } });
    expect(page.env.errors).toEqual(['DocsAPI is not defined']);
  });

  it('a server that never answers the script is given up as -2', async () => {
    const page = fakePage();
    const result = loadDocsApi(DS, undefined, page.env);
    await vi.advanceTimersByTimeAsync(DOCS_API_POLL_MS * DOCS_API_MAX_POLLS);
    expect(await result).toMatchObject({ ok: false, error: { code: -2 } });
  });

  it('anything else is code -1', async () => {
    const page = fakePage();
    page.env.loadScript = () => {
      throw new TypeError('document is not defined');
    };
    expect(await loadDocsApi(DS, undefined, page.env)).toMatchObject({ ok: false, error: { code: -1, message: 'Unknown error loading component' } });
    expect(page.env.errors).toEqual(['Unknown error loading component']);
  });
});
