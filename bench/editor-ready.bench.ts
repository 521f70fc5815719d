/**
 * Opening a document in the editor, in Chromium against the real server, beside a bare page that
 * mounts the same editor on the same bytes (bench/editor-bare/), measured in the same run.
 *
 * Generated contracts of 1, 20, 100, 300 and 1,000 pages (big-docx.ts), plus the largest corpus
 * document that loads when REDRAFT_CORPUS_DIR is set. Each is uploaded through the API and its
 * processed bytes (with paraIds) downloaded for the bare page, which a loopback static server
 * sends precompressed as Redraft sends its assets (static-server.ts). Per navigation, timed in the
 * page from the start of the navigation: first page painted, editor ready, all pages laid out (the
 * bare page's count for the same bytes); JavaScript transferred; long tasks up to all laid out;
 * JS heap once laid out. First visits use a new browser context (cold cache), repeat visits one
 * warmed context. Prints medians (min–max), Redraft/bare ratios, the goals (support/editor-table.ts), and the
 * load average, since the machine is shared.
 *
 * Run: npm run bench:editor            (BENCH_SIZES=1,20,100 and BENCH_RUNS=3 to shorten it)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { chromiumLaunchOptions } from '../tests/support/chromium';
import { CORPUS_ENV, openCorpus } from '../tests/support/corpus';
import { DOCX, multipart } from '../tests/support/multipart';
import { TestServer } from '../tests/support/server-process';
import { CLAUSES_FOR_PAGES, bigDocx } from './support/big-docx';
import { type BarePage, startBarePage } from './support/editor-bare';
import { type Measured, type Side, printGoals, printTable } from './support/editor-table';
import { type ReadySignal, visit } from './support/editor-visit';
import { signIn } from './support/sign-in';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Empty for none (the corpus document alone). */
const SIZES = (process.env.BENCH_SIZES ?? [...CLAUSES_FOR_PAGES.keys()].join(',')).split(',').filter((s) => s.trim()).map(Number);
/** The corpus files tried, largest first, before giving up on finding one that loads. */
const CORPUS_TRIES = 8;
/** Generous: the bare page takes tens of seconds for 1,000 pages on a busy 2-core machine. */
const timeoutFor = (pages: number) => Math.max(120_000, pages * 600);
/** After ready, a page count unchanged this long is the whole document (how the bare page's count is found). */
const SETTLE_MS = 3_000;
/** Redraft is given longer to reach the bare page's count before it is reported as never. */
const REDRAFT_SETTLE_MS = 15_000;

const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

type Subject = { label: string; pages: number | undefined; filename: string; bytes: Uint8Array };

class Redraft {
  private constructor(
    readonly server: TestServer,
    private readonly cookie: string,
  ) {}

  static async start() {
    const server = await TestServer.start();
    return new Redraft(server, await signIn(server.url));
  }

  /** Uploads, waits for processing, and returns the id and the processed bytes the editor opens. */
  async upload(subject: Subject) {
    const { url } = this.server;
    const body = multipart({ filename: subject.filename, type: DOCX, bytes: subject.bytes });
    const headers = { cookie: this.cookie, origin: url };
    const res = await fetch(`${url}/api/documents/upload`, { method: 'POST', headers: { ...body.headers, ...headers }, body: body.payload });
    if (res.status !== 201) throw new Error(`upload refused: ${res.status} ${(await res.text()).slice(0, 200)}`);
    let doc = (await res.json()) as { id: number; status: string };
    for (let i = 0; doc.status !== 'complete'; i++) {
      if (doc.status === 'failed' || i > 1200) throw new Error(`processing ended ${doc.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      doc = (await (await fetch(`${url}/api/documents/${doc.id}`, { headers })).json()) as typeof doc;
    }
    const content = await fetch(`${url}/api/documents/${doc.id}/content`, { headers });
    if (!content.ok) throw new Error(`content: ${content.status}`);
    return { id: doc.id, bytes: new Uint8Array(await content.arrayBuffer()) };
  }

  async newContext(browser: Browser) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const cookies = this.cookie.split('; ').map((c) => {
      const at = c.indexOf('=');
      return { name: c.slice(0, at), value: c.slice(at + 1), url: this.server.url };
    });
    await context.addCookies(cookies);
    return context;
  }
}

type Target = { url: string; signal: ReadySignal; newContext: () => Promise<BrowserContext> };

/** Cold visits (a new context each) and warm ones (one context, warmed by an uncounted visit), Redraft and bare taking turns. */
async function measureSides(targets: [Target, Target], targetPages: number, timeoutMs: number): Promise<[Side, Side]> {
  const options = (t: Target) => ({ signal: t.signal, targetPages, timeoutMs, settleMs: REDRAFT_SETTLE_MS });
  const sides: [Side, Side] = [
    { cold: [], warm: [] },
    { cold: [], warm: [] },
  ];
  // Alternating who goes first, so a load spike on the shared machine does not always hit the same side.
  const turns = (i: number) => (i % 2 ? [1, 0] : [0, 1]) as [0 | 1, 0 | 1];
  for (let i = 0; i < RUNS; i++) {
    for (const s of turns(i)) {
      const context = await targets[s].newContext();
      sides[s].cold.push(await visit(context, targets[s].url, options(targets[s])));
      await context.close();
    }
  }
  const contexts = await Promise.all(targets.map((t) => t.newContext()));
  for (const s of [0, 1] as const) await visit(contexts[s]!, targets[s].url, options(targets[s]));
  for (let i = 0; i < RUNS; i++) for (const s of turns(i)) sides[s].warm.push(await visit(contexts[s]!, targets[s].url, options(targets[s])));
  await Promise.all(contexts.map((c) => c.close()));
  return sides;
}

/** Uploads the subject, finds the bare page's page count for its bytes, then measures both sides. */
async function measure(redraft: Redraft, bare: BarePage, subject: Subject): Promise<Measured> {
  const { id, bytes } = await redraft.upload(subject);
  bare.addDocument(String(id), bytes);
  const timeoutMs = timeoutFor(subject.pages ?? 1000);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const bareTarget: Target = { url: bare.url(String(id)), signal: 'bare', newContext: () => browser.newContext({ viewport: { width: 1280, height: 800 } }) };
    const redraftTarget: Target = { url: `${redraft.server.url}/editor/${id}`, signal: 'redraft', newContext: () => redraft.newContext(browser) };
    // Uncounted: the bare page's count, and a first open on the server (its caches, its JIT) before timing it.
    const calibration = await bareTarget.newContext();
    const { pages } = await visit(calibration, bareTarget.url, { signal: 'bare', targetPages: undefined, timeoutMs, settleMs: SETTLE_MS });
    await calibration.close();
    const first = await redraftTarget.newContext();
    await visit(first, redraftTarget.url, { signal: 'redraft', targetPages: pages, timeoutMs, settleMs: REDRAFT_SETTLE_MS });
    await first.close();
    const [redraftSide, bareSide] = await measureSides([redraftTarget, bareTarget], pages, timeoutMs);
    return { label: `${subject.label} (${(bytes.length / 1024).toFixed(0)} KB processed)`, pages: subject.pages, redraft: redraftSide, bare: bareSide };
  } finally {
    await browser.close();
  }
}

function generated(pages: number): Subject {
  const clauses = CLAUSES_FOR_PAGES.get(pages);
  if (clauses === undefined) throw new Error(`BENCH_SIZES: no calibration for ${pages} pages; known: ${[...CLAUSES_FOR_PAGES.keys()].join(', ')}`);
  return { label: `${pages} pages (${clauses} clauses)`, pages, filename: `contract-${pages}p.docx`, bytes: bigDocx(0, clauses) };
}

/** Uncompressed bytes of the body (word/document.xml): how long a document is, whatever its pictures weigh; 0 if it is no ZIP. */
function bodySize(bytes: Uint8Array) {
  let size = 0;
  try {
    unzipSync(bytes, {
      filter: (f) => {
        if (f.name === 'word/document.xml') size = f.originalSize;
        return false;
      },
    });
  } catch {
    return 0;
  }
  return size;
}

/** The longest corpus document (by its body) that uploads, processes and opens in the bare page, or a line saying why none. */
async function measureCorpus(redraft: Redraft, bare: BarePage): Promise<Measured | string> {
  const corpus = openCorpus();
  if (!corpus) return `corpus: not run (${CORPUS_ENV} is unset)`;
  const files = corpus.files.map((file) => ({ file, bytes: fs.readFileSync(file) })).map((f) => ({ ...f, body: bodySize(f.bytes) }));
  for (const { file, bytes, body } of files.sort((a, b) => b.body - a.body).slice(0, CORPUS_TRIES)) {
    const name = path.relative(corpus.dir, file);
    const label = `corpus ${name} (${(body / 1024).toFixed(0)} KB of document.xml)`;
    const subject: Subject = { label, pages: undefined, filename: path.basename(file), bytes };
    try {
      return await measure(redraft, bare, subject);
    } catch (error) {
      console.info(`${label} skipped: ${(error as Error).message.slice(0, 300)}`);
    }
  }
  return `corpus: none of the ${CORPUS_TRIES} largest files in ${corpus.dir} opened`;
}

async function main() {
  if (!(RUNS >= 1)) throw new Error(`BENCH_RUNS must be a positive number, not ${process.env.BENCH_RUNS}`);
  const subjects = SIZES.map(generated);
  buildWebIfStale();
  const bare = await startBarePage();
  const redraft = await Redraft.start();
  try {
    const probe = await chromium.launch(chromiumLaunchOptions);
    const version = probe.version();
    await probe.close();
    console.info(`editor open: Redraft /editor/{id} beside the bare page (bench/editor-bare/) on the same processed bytes; Chromium ${version}, viewport 1280×800`);
    console.info(`  times are in the page, from the start of the navigation; all laid out = ready and the bare page's count of .layout-page for those bytes`);
    console.info(`load average before: ${loadAverage()}  (${os.cpus().length} cores)`);
    for (const subject of subjects) printTable(await measure(redraft, bare, subject), RUNS);
    const corpus = await measureCorpus(redraft, bare);
    if (typeof corpus === 'string') console.info(`\n${corpus}`);
    else printTable(corpus, RUNS);
    printGoals();
    console.info(`\nload average after: ${loadAverage()}`);
  } finally {
    await redraft.server.dispose();
    await bare.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
