/**
 * Landing page benchmark (docs/decisions/011-landing-page-budget.md): how heavy and how good the public pages are for a visitor
 * who is not signed in, on the real server serving the built web app (dist/web, built first if
 * stale).
 *  1. JavaScript for `/`: every script Chromium downloads while the page loads and while it is
 *     scrolled through, with its raw size, its gzip size (zlib default level, computed from the
 *     bytes) and what the server actually sent; chunks whose name or content says editor,
 *     workspace or admin code are flagged. Goal: <= 100 KB gzip in total.
 *  2. Lighthouse (the `lighthouse` package driving /usr/bin/chromium) on `/` and `/waitlist`,
 *     mobile and desktop presets: performance, accessibility, best-practices and SEO scores, FCP,
 *     LCP, TBT, CLS and Speed Index, and for every score under 100 the audits that cost points.
 *     Goals: performance >= 95, accessibility 100. Each (page, preset) runs `--runs` times (3 by
 *     default) and the run with the median performance score is shown.
 * Everything stays on this machine; a request elsewhere is reported. A missed goal is a figure, not
 * a failure: the exit code is non-zero only if the benchmark itself broke.
 * Run: npm run bench:landing   (or `npm run bench:landing -- --runs 1` for a quick look)
 */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { TestServer } from '../tests/support/server-process';
import { type JsChunk, measureLandingJs } from './landing/js-transfer';
import { CATEGORIES, type LighthouseSummary, METRIC_NAMES, type Preset, runLighthouse } from './landing/lighthouse-run';
import { kb, printTable } from './landing/table';
import { chromiumLaunchOptions } from '../tests/support/chromium';

const JS_GOAL_GZIP_BYTES = 100 * 1024;
const PERFORMANCE_GOAL = 95;
const ACCESSIBILITY_GOAL = 100;
const PAGES = ['/', '/waitlist'];
const PRESETS: Preset[] = ['mobile', 'desktop'];
/** docs/product.md §2: the landing page's h1 starts 'With AI'; anything else means the page did not render. */
const LANDING_H1 = 'With AI';
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 3;
const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

function printJs(chunks: JsChunk[]) {
  const name = (url: string) => new URL(url).pathname;
  printTable(
    ['chunk', 'loaded on', 'status', 'raw', 'gzip', 'sent', 'encoding', 'app code?'],
    chunks.map((c) => [
      name(c.url),
      c.phase,
      String(c.status),
      kb(c.rawBytes),
      kb(c.gzipBytes),
      kb(c.wireBytes),
      c.contentEncoding ?? 'none',
      c.appCode.join(', ') || '—',
    ]),
  );
  const sum = (xs: JsChunk[], key: 'rawBytes' | 'gzipBytes' | 'wireBytes') => xs.reduce((a, c) => a + c[key], 0);
  const onLoad = chunks.filter((c) => c.phase === 'load');
  console.info(`  on load: ${onLoad.length} chunks, ${kb(sum(onLoad, 'rawBytes'))} raw, ${kb(sum(onLoad, 'gzipBytes'))} gzip, ${kb(sum(onLoad, 'wireBytes'))} sent`);
  console.info(`  total:   ${chunks.length} chunks, ${kb(sum(chunks, 'rawBytes'))} raw, ${kb(sum(chunks, 'gzipBytes'))} gzip, ${kb(sum(chunks, 'wireBytes'))} sent`);
  const total = sum(chunks, 'gzipBytes');
  console.info(`  goal <= ${kb(JS_GOAL_GZIP_BYTES)} gzip for /: ${kb(total)} — ${total <= JS_GOAL_GZIP_BYTES ? 'met' : 'NOT met'}`);
  const appCode = chunks.filter((c) => c.appCode.length > 0);
  console.info(`  chunks that look like editor/workspace/admin code: ${appCode.length === 0 ? 'none' : appCode.map((c) => name(c.url)).join(', ')}`);
}

/** One Lighthouse run that saw the whole site: no runtime error, no failed request. */
async function cleanRun(url: string, preset: Preset) {
  const summary = await runLighthouse(url, preset);
  if (summary.runtimeError) throw new Error(`Lighthouse: ${summary.runtimeError}`);
  if (summary.failedRequests.length > 0) throw new Error(`requests failed: ${summary.failedRequests.join(', ')}`);
  return summary;
}

type Measured = { summary: LighthouseSummary; performanceRange: string };

async function lighthouseFigures(baseUrl: string): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const preset of PRESETS) {
    for (const page of PAGES) {
      const runs: LighthouseSummary[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await cleanRun(baseUrl + page, preset));
      const byPerformance = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const perf = byPerformance.map((r) => r.scores.performance ?? 0);
      measured.push({ summary: byPerformance[Math.floor(runs.length / 2)]!, performanceRange: `${perf[0]}–${perf.at(-1)}` });
      console.info(`  done: ${preset} ${page} (performance over ${RUNS} run(s): ${perf.join(', ')})`);
    }
  }
  return measured;
}

function printLighthouse(measured: Measured[]) {
  const shown = (n: number | null) => (n === null ? 'n/a' : String(n));
  printTable(
    ['page', 'preset', 'perf', 'perf range', 'a11y', 'best-pr.', 'SEO', ...METRIC_NAMES, 'CPU index'],
    measured.map(({ summary: s, performanceRange }) => [
      s.url.replace(/^https?:\/\/[^/]+/, ''),
      s.preset,
      shown(s.scores.performance),
      performanceRange,
      shown(s.scores.accessibility),
      shown(s.scores['best-practices']),
      shown(s.scores.seo),
      ...METRIC_NAMES.map((m) => s.metrics[m].replace(/\u00a0/g, ' ')),
      String(Math.round(s.benchmarkIndex)),
    ]),
  );
  console.info('  (CPU index: Lighthouse\'s benchmark of this machine during the run; mobile performance drops when the machine is busy)');
  for (const { summary: s } of measured) {
    const label = `${s.preset} ${new URL(s.url).pathname}`;
    const perf = s.scores.performance ?? 0;
    const a11y = s.scores.accessibility ?? 0;
    console.info(
      `  goals ${label.padEnd(18)} performance ${perf} (>= ${PERFORMANCE_GOAL}: ${perf >= PERFORMANCE_GOAL ? 'met' : 'NOT met'}), ` +
        `accessibility ${a11y} (${ACCESSIBILITY_GOAL}: ${a11y >= ACCESSIBILITY_GOAL ? 'met' : 'NOT met'})`,
    );
    for (const w of s.warnings) console.info(`    Lighthouse warning: ${w}`);
  }

  const offMachine = [...new Set(measured.flatMap(({ summary }) => summary.offMachine))];
  console.info(`  requests to anything but the server under test (runs shown): ${offMachine.length === 0 ? 'none' : offMachine.join(', ')}`);

  console.info('\nAudits that cost points (every category under 100; the run shown above):');
  for (const { summary: s } of measured) {
    for (const category of CATEGORIES) {
      if ((s.scores[category] ?? 0) >= 100) continue;
      console.info(`  ${s.preset} ${new URL(s.url).pathname} — ${category} ${s.scores[category]}:`);
      if (s.failing[category].length === 0) console.info('    (no single audit below full marks)');
      for (const a of s.failing[category]) {
        const score = a.score === null ? '' : ` score ${a.score.toFixed(2)}`;
        console.info(`    ${a.id}: ${a.title}${a.displayValue ? ` — ${a.displayValue.replace(/\u00a0/g, ' ')}` : ''}${score}`);
        for (const where of a.where) console.info(`        ${where}`);
      }
    }
  }
}

async function main() {
  console.info(`landing benchmark: ${os.availableParallelism()} CPUs, load average ${loadAverage()}; Lighthouse runs per page and preset: ${RUNS}`);
  buildWebIfStale();
  const server = await TestServer.start();
  try {
    console.info(`\n1. JavaScript for / (signed out, 1280 px, Chromium)`);
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      printJs(await measureLandingJs(browser, `${server.url}/`, LANDING_H1));
    } finally {
      await browser.close();
    }

    console.info(`\n2. Lighthouse ${PRESETS.join(' and ')} presets, ${PAGES.join(' and ')} (median performance of ${RUNS} run(s))`);
    printLighthouse(await lighthouseFigures(server.url));
    console.info(`\nload average after: ${loadAverage()}`);
  } finally {
    await server.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
