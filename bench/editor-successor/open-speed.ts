/**
 * Open speed, each run in a new browser context (cold HTTP and code caches), the two editors
 * alternating so a busy moment of the shared machine falls on both: navigation → first page
 * painted, → editor ready, → all pages laid out (the last change of the editor's page count,
 * once it has held still for SETTLE_MS). And the JavaScript and CSS each page loads to open a
 * one-page document, raw and gzip.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { type BenchServer } from './serve';
import { EDITORS, type Editor, newContext, open } from './session';

const SETTLE_MS = 3_000;
const LAYOUT_TIMEOUT_MS = 180_000;

export interface OpenRun {
  painted: number;
  ready: number;
  laidOut: number;
  pages: number;
}

export async function openOnce(browser: Browser, server: BenchServer, editor: Editor, doc: string): Promise<OpenRun | { error: string }> {
  const context = await newContext(browser);
  try {
    const { page, marks, error } = await open(context, server.page(editor, doc));
    if (error) return { error };
    const counts = () => page.evaluate(() => (window as unknown as { __bench: { pages: [number, number][] } }).__bench.pages);
    const started = Date.now();
    let last = await counts();
    for (let stillSince = Date.now(); Date.now() - stillSince < SETTLE_MS && Date.now() - started < LAYOUT_TIMEOUT_MS; ) {
      await page.waitForTimeout(250);
      const now = await counts();
      if (now.length !== last.length) stillSince = Date.now();
      last = now;
    }
    const [at, pages] = last.at(-1)!;
    return { painted: marks.painted ?? NaN, ready: marks.ready!, laidOut: Math.max(at, marks.ready!), pages };
  } finally {
    await context.close();
  }
}

export async function openSpeed(browser: Browser, server: BenchServer, docs: Map<number, string>, runs: number) {
  const results = new Map<string, OpenRun[]>();
  const errors: string[] = [];
  for (const [pages, doc] of docs) {
    for (let i = 0; i < runs; i++) {
      for (const editor of i % 2 === 0 ? EDITORS : [...EDITORS].reverse()) {
        const r = await openOnce(browser, server, editor, doc);
        if ('error' in r) errors.push(`${editor} ${pages}p: ${r.error}`);
        else results.set(`${editor}:${pages}`, [...(results.get(`${editor}:${pages}`) ?? []), r]);
        process.stdout.write('.');
      }
    }
  }
  process.stdout.write('\n');
  return { results, errors };
}

export interface Weight {
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  files: number;
}

/** What the page fetches to open a one-page document: every script and stylesheet response. */
export async function pageWeight(browser: Browser, server: BenchServer, editor: Editor, doc: string): Promise<Weight> {
  const context = await newContext(browser);
  const bodies: Promise<{ type: string; body: Buffer }>[] = [];
  context.on('response', (r) => {
    const type = r.request().resourceType();
    if (type === 'script' || type === 'stylesheet') bodies.push(r.body().then((body) => ({ type, body })));
  });
  try {
    const { page } = await open(context, server.page(editor, doc));
    await page.waitForTimeout(1_000);
    const w: Weight = { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0, files: 0 };
    for (const { type, body } of await Promise.all(bodies)) {
      const gz = gzipSync(body).length;
      if (type === 'script') Object.assign(w, { jsRaw: w.jsRaw + body.length, jsGzip: w.jsGzip + gz });
      else Object.assign(w, { cssRaw: w.cssRaw + body.length, cssGzip: w.cssGzip + gz });
      w.files++;
    }
    return w;
  } finally {
    await context.close();
  }
}
