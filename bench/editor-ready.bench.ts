/**
 * Time from navigation to a usable editor for 1-, 20- and 100-page contracts, in Chromium against
 * the real server: from `page.goto('/editor/{id}')` to the first painted page with text, and to
 * the debug block reading "Editor ready: Yes". First visits use a new browser context (cold HTTP
 * cache); repeat visits reuse one context (warm). Prints median and min/max, the pages actually
 * painted, the 100-page/1-page ratios, and the load average, since the machine is shared.
 * Run: npm run bench:editor
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { DOCX, multipart } from '../tests/support/multipart';
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { TestServer } from '../tests/support/server-process';
import { bigDocx } from './support/big-docx';
import { chromiumLaunchOptions } from '../tests/support/chromium';

/**
 * Pages wanted → clauses (a heading and six paragraphs each) that the editor lays out as that many
 * A4 pages, found by counting the laid-out pages: it is not linear in clauses (where page breaks
 * fall shifts), so 192 clauses make 99 pages and 194 make 101.
 */
const CLAUSES_FOR_PAGES = new Map([
  [1, 1],
  [20, 37],
  [100, 193],
]);
const SIZES = [...CLAUSES_FOR_PAGES.keys()];
const RUNS = 7;
const READY_TIMEOUT_MS = 120_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

/** Registers and signs in over HTTP; returns the session cookie. */
async function signIn(url: string) {
  // The origin guard refuses a browser POST from a foreign Origin; say we are the site.
  const headers = { 'content-type': 'application/json', origin: url };
  const account = { name: 'Bench', email: 'bench@example.com', password: 'bench-password' };
  const reg = await fetch(`${url}/api/auth/register`, { method: 'POST', headers, body: JSON.stringify(account) });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email: account.email, password: account.password }) });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const [name, value] = login.headers.get('set-cookie')!.split(';')[0]!.split('=') as [string, string];
  return { name, value };
}

async function upload(url: string, cookie: { name: string; value: string }, pages: number) {
  const body = multipart({ filename: `contract-${pages}p.docx`, type: DOCX, bytes: bigDocx(0, CLAUSES_FOR_PAGES.get(pages)!) });
  const headers = { ...body.headers, cookie: `${cookie.name}=${cookie.value}`, origin: url };
  const res = await fetch(`${url}/api/documents/upload`, { method: 'POST', headers, body: body.payload });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  let doc = (await res.json()) as { id: number; status: string };
  for (let i = 0; doc.status !== 'complete'; i++) {
    if (doc.status === 'failed' || i > 600) throw new Error(`document ${doc.id} did not process: ${doc.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    doc = (await (await fetch(`${url}/api/documents/${doc.id}`, { headers: { cookie: headers.cookie } })).json()) as typeof doc;
  }
  return doc.id;
}

type Visit = { painted: number; ready: number; pages: string };

/** One navigation in a fresh tab of `context`; times are from the goto call, in ms. */
async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  try {
    // Polled every animation frame in the page, so a time is at most a frame (plus a CDP round trip) late.
    const painted = page.waitForFunction(
      () => {
        const pages = document.querySelector('.paged-editor__pages');
        return !!pages && pages.checkVisibility() && (pages.textContent ?? '').trim().length > 0;
      },
      null,
      { polling: 'raf', timeout: READY_TIMEOUT_MS },
    );
    const ready = page.waitForFunction(() => document.querySelector('[data-testid="debug-editor-ready"]')?.textContent === 'Yes', null, {
      polling: 'raf',
      timeout: READY_TIMEOUT_MS,
    });
    const start = performance.now();
    // 'commit': goto need not wait for the load event; the two waits above do the timing.
    const [, paintedAt, readyAt] = await Promise.all([
      page.goto(url, { waitUntil: 'commit' }),
      painted.then(() => performance.now()),
      ready.then(() => performance.now()),
    ]);
    // The editor lays out every page but fills only those near the viewport, so count both.
    const pages = await page.$$eval('.paged-editor__pages .layout-page', (all) => `${all.length} laid out, ${all.filter((p) => p.textContent?.trim()).length} with text`);
    return { painted: paintedAt - start, ready: readyAt - start, pages };
  } finally {
    await page.close();
  }
}

async function measure(browser: Browser, baseURL: string, cookie: { name: string; value: string }, id: number) {
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ ...cookie, url: baseURL }]);
    return context;
  };
  const url = `${baseURL}/editor/${id}`;
  const cold: Visit[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext();
    cold.push(await visit(context, url));
    await context.close();
  }
  const warm: Visit[] = [];
  const context = await newContext();
  await visit(context, url); // fills the cache; not counted
  for (let i = 0; i < RUNS; i++) warm.push(await visit(context, url));
  await context.close();
  return { cold, warm };
}

const stat = (xs: number[]) => `${median(xs).toFixed(0).padStart(6)} ms  (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;

async function main() {
  buildWebIfStale();
  console.info(`load average before: ${loadAverage()}  (${os.cpus().length} cores)`);
  const server = await TestServer.start();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const cookie = await signIn(server.url);
    const results = new Map<number, Awaited<ReturnType<typeof measure>>>();
    for (const pages of SIZES) {
      const id = await upload(server.url, cookie, pages);
      results.set(pages, await measure(browser, server.url, cookie, id));
    }

    console.info(`\neditor ready: goto('/editor/{id}') → first page painted / debug "Editor ready: Yes"; median (min–max) of ${RUNS} runs`);
    for (const [pages, { cold, warm }] of results) {
      const painted = [...new Set([...cold, ...warm].map((v) => v.pages))].join('; ');
      console.info(`  ${pages}-page document (pages when ready: ${painted})`);
      console.info(`    first visit   painted ${stat(cold.map((v) => v.painted))}   ready ${stat(cold.map((v) => v.ready))}`);
      console.info(`    repeat visit  painted ${stat(warm.map((v) => v.painted))}   ready ${stat(warm.map((v) => v.ready))}`);
    }
    const small = results.get(SIZES[0]!)!;
    const large = results.get(SIZES[SIZES.length - 1]!)!;
    const ratio = (pick: (r: typeof small) => Visit[], key: 'painted' | 'ready') =>
      `${(median(pick(large).map((v) => v[key])) / median(pick(small).map((v) => v[key]))).toFixed(1)}x`;
    console.info(`  ratio ${SIZES.at(-1)}-page / ${SIZES[0]}-page (medians):`);
    console.info(`    first visit   painted ${ratio((r) => r.cold, 'painted')}   ready ${ratio((r) => r.cold, 'ready')}`);
    console.info(`    repeat visit  painted ${ratio((r) => r.warm, 'painted')}   ready ${ratio((r) => r.warm, 'ready')}`);
    console.info(`load average after: ${loadAverage()}`);
  } finally {
    await browser.close();
    await server.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
