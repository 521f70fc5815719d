/**
 * The JavaScript a signed-out visitor's browser downloads for `/`: every script response while
 * the page loads, then while it is scrolled to the bottom (a section may load its code when it
 * comes into view). Sizes are measured from the bytes, so the figure does not depend on whether
 * our static server compresses: gzip at zlib's default level, as a CDN or proxy would send it.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';

/** File names that say a chunk belongs to the signed-in app rather than the landing page. */
const APP_CODE_NAME = /editor|workspace|docx|prosemirror|admin|app-shell|signed-in|library|chat/i;
/** Strings only the editor's code contains, for a vendor chunk whose name says nothing. */
const APP_CODE_CONTENT: [marker: string, meaning: string][] = [
  ['ProseMirror', 'prosemirror'],
  ['paged-editor', 'docx editor'],
  ['word/document.xml', 'docx parsing'],
];

export type JsChunk = {
  url: string;
  /** 'load': fetched before the page settled; 'scroll': fetched while scrolling through it. */
  phase: 'load' | 'scroll';
  status: number;
  rawBytes: number;
  gzipBytes: number;
  /** Body bytes as they came over the wire (compressed if the server compressed). */
  wireBytes: number;
  contentEncoding: string | undefined;
  appCode: string[];
};

function isScript(response: Response) {
  const type = response.request().resourceType();
  return type === 'script' || /javascript|ecmascript/.test(response.headers()['content-type'] ?? '');
}

async function describeChunk(response: Response, phase: JsChunk['phase']): Promise<JsChunk> {
  const body = await response.body();
  const sizes = await response.request().sizes();
  const name = path.basename(new URL(response.url()).pathname);
  const text = body.toString('utf8');
  const appCode = [
    ...(APP_CODE_NAME.test(name) ? [`name: ${name.match(APP_CODE_NAME)![0]}`] : []),
    ...APP_CODE_CONTENT.filter(([marker]) => text.includes(marker)).map(([, meaning]) => `contains ${meaning}`),
  ];
  return {
    url: response.url(),
    phase,
    status: response.status(),
    rawBytes: body.length,
    gzipBytes: gzipSync(body).length,
    wireBytes: sizes.responseBodySize,
    contentEncoding: response.headers()['content-encoding'],
    appCode,
  };
}

/**
 * Loads `url` in a new context (no cookies: signed out) and returns its scripts in the order they
 * arrived. `ready` is the h1 text that says the landing page rendered, so a half-built dist/web
 * (another build running) fails loudly instead of measuring an error page.
 */
export async function measureLandingJs(browser: Browser, url: string, ready: string): Promise<JsChunk[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let phase: JsChunk['phase'] = 'load';
  const chunks: Promise<JsChunk>[] = [];
  page.on('response', (response) => {
    if (isScript(response)) chunks.push(describeChunk(response, phase));
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const h1 = page.locator('h1');
    await h1.first().waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      throw new Error(`${url} showed no h1: ${(await page.locator('body').innerText()).slice(0, 200)}`, { cause: error });
    });
    const heading = (await h1.allTextContents()).join(' ');
    if (!heading.includes(ready)) throw new Error(`${url} did not show the landing page (h1: ${JSON.stringify(heading)})`);

    phase = 'scroll';
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    });
    await page.waitForLoadState('networkidle');
    // A request started by the last scroll step may still be reading its body.
    const all = await Promise.all(chunks);
    const failed = all.filter((c) => c.status >= 400);
    if (failed.length > 0) throw new Error(`script requests failed (a concurrent build?): ${failed.map((c) => `${c.status} ${c.url}`).join(', ')}`);
    return all;
  } finally {
    await context.close();
  }
}
