/**
 * Loads ONLYOFFICE's editor script from the Document Server on demand (docs/product.md §7) and reports a
 * failure with docs/product.md §8's codes and messages, logged and returned so the screen can tell an
 * administrator what to fix.
 */
import type { DocsApi } from './docs-api';

export const DOCS_API_POLL_MS = 500;
/** Once the script has loaded, how many more polls it gets to define `DocsAPI`. */
export const DOCS_API_POLLS_AFTER_LOAD = 10;
/** A Document Server that accepts the connection but never answers must not leave a spinner forever. */
export const DOCS_API_MAX_POLLS = 60;

export type DocsApiLoadFailure = {
  code: -1 | -2 | -3;
  /** docs/product.md §8's wording, as logged. */
  message: string;
  documentServerUrl: string;
};

export type DocsApiLoadResult = { ok: true; api: DocsApi } | { ok: false; error: DocsApiLoadFailure };

export type DocsApiEnvironment = {
  getDocsApi(): DocsApi | undefined;
  /** Adds the script (or reuses the one already added); settles when it has loaded or failed. */
  loadScript(src: string): Promise<void>;
  wait(ms: number): Promise<void>;
  logError(message: string): void;
};

/** `{server}/web-apps/apps/api/documents/api.js`, with the document key as shard key when there is one. */
export function docsApiUrl(documentServerUrl: string, shardKey?: string) {
  const base = `${documentServerUrl.replace(/\/+$/, '')}/web-apps/apps/api/documents/api.js`;
  return shardKey ? `${base}?shardkey=${encodeURIComponent(shardKey)}` : base;
}

export async function loadDocsApi(documentServerUrl: string, shardKey: string | undefined, env: DocsApiEnvironment = browserEnvironment): Promise<DocsApiLoadResult> {
  const fail = (code: DocsApiLoadFailure['code']): DocsApiLoadResult => {
    const message = code === -2 ? `Error load DocsAPI from ${documentServerUrl}` : code === -3 ? 'DocsAPI is not defined' : 'Unknown error loading component';
    env.logError(message);
    return { ok: false, error: { code, message, documentServerUrl } };
  };
  try {
    const present = env.getDocsApi();
    if (present) return { ok: true, api: present };
    const script = { state: 'loading' as 'loading' | 'loaded' | 'failed' };
    env.loadScript(docsApiUrl(documentServerUrl, shardKey)).then(
      () => (script.state = 'loaded'),
      () => (script.state = 'failed'),
    );
    let pollsSinceLoad = 0;
    for (let poll = 0; poll < DOCS_API_MAX_POLLS; poll += 1) {
      await env.wait(DOCS_API_POLL_MS);
      const api = env.getDocsApi();
      if (api) return { ok: true, api };
      if (script.state === 'failed') return fail(-2);
      if (script.state === 'loaded' && ++pollsSinceLoad >= DOCS_API_POLLS_AFTER_LOAD) return fail(-3);
    }
    return fail(script.state === 'loaded' ? -3 : -2);
  } catch {
    return fail(-1);
  }
}

/** What to tell the person who runs Redraft, for each failure. */
export function docsApiLoadAdvice({ code, documentServerUrl }: DocsApiLoadFailure) {
  if (code === -2) {
    return `The editor could not be loaded from ${documentServerUrl}. Check that ONLYOFFICE Docs is running there and that DOCUMENT_SERVER_URL is right.`;
  }
  if (code === -3) {
    return `${documentServerUrl} answered, but not with the ONLYOFFICE Docs editor. Check that DOCUMENT_SERVER_URL points at ONLYOFFICE Docs itself.`;
  }
  return 'The editor could not be started. Reload the page; if this happens again, the browser console has the details.';
}

/**
 * One script tag per Document Server, whatever the shard key: every key gets the same `DocsAPI`.
 * A failed tag is removed so that the next attempt tries again.
 */
const scripts = new Map<string, Promise<void>>();

function appendScript(src: string) {
  const base = src.split('?')[0]!;
  let loading = scripts.get(base);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        scripts.delete(base);
        reject(new Error(`${src} did not load`));
      };
      document.head.appendChild(script);
    });
    scripts.set(base, loading);
  }
  return loading;
}

const browserEnvironment: DocsApiEnvironment = {
  getDocsApi: () => window.DocsAPI,
  loadScript: appendScript,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  logError: (message) => console.error(message),
};
