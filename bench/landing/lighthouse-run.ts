/**
 * One Lighthouse run of a page in Debian's Chromium, reduced to what the landing benchmark prints:
 * the four category scores, the key metrics, the audits that cost points, and any request that
 * left this machine or failed (either makes the figures meaningless).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, desktopConfig, type Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Preset = 'mobile' | 'desktop';

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;
export type Metric = keyof typeof METRICS;
export const METRIC_NAMES = Object.keys(METRICS) as Metric[];

/** Our usual headless Chromium (tests/support/chromium.ts), in Lighthouse's own headless mode. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

export type FailingAudit = { id: string; title: string; score: number | null; displayValue: string; where: string[] };

export type LighthouseSummary = {
  url: string;
  preset: Preset;
  scores: Record<Category, number | null>;
  metrics: Record<Metric, string>;
  failing: Record<Category, FailingAudit[]>;
  /** Requests to anything but the server under test: must be none. */
  offMachine: string[];
  /**
   * Files of the build that did not load, e.g. a chunk deleted by a concurrent build. API answers
   * are left out: a signed-out visitor's 401 from /api/auth/user is the expected answer.
   */
  failedRequests: string[];
  runtimeError: string | undefined;
  warnings: string[];
  /** Lighthouse's measure of this machine's CPU at the time (a loaded machine scores lower, and so does performance). */
  benchmarkIndex: number;
};

type Details = { type?: string; items?: Record<string, unknown>[] };

/** One row of an audit's table, as a line a person can act on: the element, the file, or the message. */
function describeItem(item: Record<string, unknown>): string {
  const node = item.node as { selector?: string; snippet?: string } | undefined;
  if (node?.selector) return `${node.selector}  ${node.snippet?.slice(0, 120) ?? ''}`;
  const location = item.sourceLocation as { url?: string } | undefined;
  const url = typeof item.url === 'string' ? item.url : location?.url;
  const text = typeof item.description === 'string' ? item.description : undefined;
  const wasted = typeof item.wastedBytes === 'number' ? ` (${(item.wastedBytes / 1024).toFixed(1)} KiB to save)` : '';
  if (url || text) return [text, url].filter(Boolean).join(' at ') + wasted;
  return Object.entries(item)
    .filter(([, v]) => typeof v !== 'object')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');
}

/** The first few rows of an audit's details (a list holds tables, e.g. the LCP element's). */
function whereFrom(audit: Result['audits'][string]): string[] {
  const details = audit.details as Details | undefined;
  const tables = details?.type === 'list' ? ((details.items ?? []) as Details[]) : [details ?? {}];
  return tables
    .filter((t) => t.type === 'table' || t.type === 'opportunity')
    .flatMap((t) => t.items ?? [])
    .slice(0, 5)
    .map(describeItem);
}

/**
 * Audits that cost the category points: scored below 1 and not just informative. For performance
 * that is the metrics themselves plus the diagnostics and insights that say why.
 */
function failingAudits(lhr: Result, category: Category): FailingAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
    .filter(({ ref, audit }) => ref.group !== 'hidden' && audit.score !== null && audit.score < 1)
    .filter(({ audit }) => !['informative', 'notApplicable', 'manual', 'error'].includes(audit.scoreDisplayMode))
    .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit.score ?? 0) - (b.audit.score ?? 0))
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      displayValue: audit.displayValue ?? '',
      where: whereFrom(audit),
    }));
}

function requestsOf(lhr: Result) {
  const details = lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] } | undefined;
  return details?.items ?? [];
}

export async function runLighthouse(url: string, preset: Preset): Promise<LighthouseSummary> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const origin = new URL(url).origin;
    const requests = requestsOf(lhr);
    const score = (c: Category) => (lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c]!.score! * 100));
    return {
      url,
      preset,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number | null>,
      metrics: Object.fromEntries(
        METRIC_NAMES.map((m) => [m, lhr.audits[METRICS[m]]?.displayValue ?? 'n/a']),
      ) as Record<Metric, string>,
      failing: Object.fromEntries(CATEGORIES.map((c) => [c, failingAudits(lhr, c)])) as Record<Category, FailingAudit[]>,
      offMachine: requests.filter((r) => !r.url.startsWith(origin) && !/^(data|blob):/.test(r.url)).map((r) => r.url),
      failedRequests: requests
        .filter((r) => r.url.startsWith(origin) && !r.url.startsWith(`${origin}/api/`) && (r.statusCode >= 400 || r.statusCode <= 0))
        .map((r) => `${r.statusCode} ${r.url}`),
      runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
      warnings: lhr.runWarnings,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}
