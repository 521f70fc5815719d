/**
 * One navigation to an editor page, timed inside the page: a script added before the page's own
 * code checks every animation frame for the first page painted, the editor ready and all pages
 * laid out, and records the page's clock (milliseconds from the start of the navigation), so the
 * figures carry no round trip to the bench. It also keeps the long tasks. After the visit the
 * bench reads the JavaScript transferred from resource timing and the heap from CDP.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** How the page says its editor is ready: Redraft's debug block, or the bare page's flag. */
export type ReadySignal = 'redraft' | 'bare';

export type Visit = {
  /** ms from the navigation's start. */
  painted: number;
  ready: number;
  /** null when the page never laid out `targetPages` pages. */
  laidOut: number | null;
  /** .layout-page elements in the visible pages container at the end. */
  pages: number;
  /** JavaScript and the HTML document: bytes over the wire, and decoded. */
  jsTransfer: number;
  jsDecoded: number;
  /** Long tasks up to all laid out (up to ready if it never was). */
  longTasks: number;
  longTaskMs: number;
  /** Bytes of JS heap in use once laid out, after a garbage collection. */
  heap: number;
  /** Content-Encoding of the scripts, e.g. 'br'. */
  encodings: string[];
};

/** What the in-page monitor keeps on window. */
type Monitor = {
  painted: number | null;
  ready: number | null;
  laidOut: number | null;
  pages: number;
  /** When `pages` last changed. */
  pagesAt: number;
  /** Ready, and `pages` unchanged for settleMs: all this page will lay out. */
  settled: boolean;
  longTasks: { start: number; duration: number }[];
};

type MonitorOptions = { signal: ReadySignal; targetPages: number | undefined; settleMs: number };

const KEY = '__editorBench';

/** Runs in the page before its scripts; serialised by Playwright, so it uses nothing from outside. */
function monitor({ signal, targetPages, settleMs }: MonitorOptions) {
  if (window !== window.top) return;
  const state: Monitor = { painted: null, ready: null, laidOut: null, pages: 0, pagesAt: 0, settled: false, longTasks: [] };
  (window as unknown as Record<string, Monitor>)['__editorBench'] = state;
  // Redraft's page makes more requests than the default buffer of 250 entries holds.
  performance.setResourceTimingBufferSize(100_000);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });

  const hasText = (root: Element) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.nodeValue?.trim()) return true;
    return false;
  };
  const isReady = () =>
    signal === 'bare'
      ? document.body?.dataset.ready === 'yes'
      : document.querySelector('[data-testid="debug-editor-ready"]')?.textContent === 'Yes';
  const tick = () => {
    const now = performance.now();
    // A preview and the full editor may coexist: any visible pages container counts.
    const shown = [...document.querySelectorAll('.paged-editor__pages')].filter((el) => el.checkVisibility());
    if (state.painted === null && shown.some(hasText)) state.painted = now;
    if (state.ready === null && isReady()) state.ready = now;
    const pages = Math.max(0, ...shown.map((el) => el.getElementsByClassName('layout-page').length));
    if (pages !== state.pages) {
      state.pages = pages;
      state.pagesAt = now;
    }
    if (state.ready !== null && targetPages !== undefined && pages >= targetPages) state.laidOut = now;
    // Decided here, after the count is updated, never by a timer that may run first after a long task.
    else if (state.ready !== null && now - Math.max(state.ready, state.pagesAt) > settleMs) state.settled = true;
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

export type VisitOptions = {
  signal: ReadySignal;
  /** The bare page's count for the same bytes; undefined to find it (the count once it stops changing). */
  targetPages: number | undefined;
  timeoutMs: number;
  /** After ready, a page count unchanged this long means the page has laid out all it will. */
  settleMs: number;
};

/** Opens `url` in a new tab of `context`, waits until all is laid out, and closes the tab. */
export async function visit(context: BrowserContext, url: string, options: VisitOptions): Promise<Visit> {
  const page = await context.newPage();
  const encodings = new Set<string>();
  const errors: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') encodings.add(r.headers()['content-encoding'] ?? 'none');
    // E.g. a 404 for an asset when dist/web is rebuilt under a running server (its shell names the old build).
    if (r.status() >= 400) errors.push(`${r.status()} for ${r.url()}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const monitorOptions: MonitorOptions = { signal: options.signal, targetPages: options.targetPages, settleMs: options.settleMs };
    // As source, with the helper tsx's transform wraps named inner functions in (it is not in the page).
    await page.addInitScript({ content: `(() => { const __name = (f) => f; (${monitor.toString()})(${JSON.stringify(monitorOptions)}); })();` });
    await page.goto(url, { waitUntil: 'commit', timeout: options.timeoutMs });
    await page
      .waitForFunction(
        (key) => {
          const m = (window as unknown as Record<string, Monitor | undefined>)[key];
          if (document.body?.dataset.error) throw new Error(`the page failed: ${document.body.dataset.error}`);
          return !!m && (m.laidOut !== null || m.settled);
        },
        KEY,
        { polling: 200, timeout: options.timeoutMs },
      )
      .catch(async (error: Error) => {
        const { state, text } = await page
          .evaluate((key) => ({ state: JSON.stringify((window as unknown as Record<string, unknown>)[key]), text: document.body?.innerText ?? '' }), KEY)
          .catch(() => ({ state: '?', text: '?' }));
        const shown = text.replace(/\s+/g, ' ').slice(0, 200);
        throw new Error(`${url}: ${error.message.split('\n')[0]} (monitor ${state.slice(0, 200)}; page errors: ${errors.join(' | ') || 'none'}; page text: ${shown})`);
      });
    const m = await page.evaluate((key) => {
      const state = (window as unknown as Record<string, Monitor>)[key]!;
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource').filter((e) => /\.m?js$/.test(new URL(e.name).pathname)),
      ] as PerformanceResourceTiming[];
      return {
        ...state,
        jsTransfer: entries.reduce((sum, e) => sum + e.transferSize, 0),
        jsDecoded: entries.reduce((sum, e) => sum + e.decodedBodySize, 0),
      };
    }, KEY);
    const until = m.laidOut ?? m.ready!;
    const tasks = m.longTasks.filter((t) => t.start < until);
    return {
      painted: m.painted ?? Number.NaN,
      ready: m.ready!,
      laidOut: m.laidOut,
      pages: m.pages,
      jsTransfer: m.jsTransfer,
      jsDecoded: m.jsDecoded,
      longTasks: tasks.length,
      longTaskMs: tasks.reduce((sum, t) => sum + t.duration, 0),
      heap: await heapUsed(context, page),
      encodings: [...encodings].sort(),
    };
  } finally {
    await page.close();
  }
}

async function heapUsed(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((x) => x.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
  } finally {
    await cdp.detach();
  }
}
