/**
 * Prometheus metrics as an operator's scraper sees them: on the internal listener that
 * METRICS_PORT opens (0 here: any free port), never on the public app, with route labels that stay
 * as few as the routes however many URLs are requested.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { streamAnswer } from '../../adapters/ai/model';
import { createLogger } from '../../logger';
import { signedIn } from '../../../tests/support/agent';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { enqueue } from '../../jobs/jobs.repo';
import { createMetrics, UNMATCHED_ROUTE } from './metrics';

let t: TestApp;
let base: string;
/** Where the app's metrics listener answers (METRICS_PORT=0 picks the port when it starts). */
function listenerUrl(app: TestApp) {
  const address = app.metrics?.server.address();
  if (!address) throw new Error('METRICS_PORT=0 started no metrics listener');
  return `http://${address.address}:${address.port}`;
}
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_PORT: '0' } });
  base = listenerUrl(t);
});
afterAll(() => t.close());

type Sample = { labels: Record<string, string>; value: number };

/** The samples of one metric in Prometheus's text format, labels parsed. */
function samples(text: string, name: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const [, labels = '', value] = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line)!;
      return { labels: Object.fromEntries([...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!])), value: Number(value) };
    });
}

const countOf = (text: string, name: string, labels: Record<string, string>) =>
  samples(text, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value ?? 0;

const requests = (text: string, labels: Record<string, string>) => countOf(text, 'http_request_duration_seconds_count', labels);

async function scrape(url = base): Promise<string> {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

describe('the metrics listener', () => {
  it("shows the jobs table's queue by state, as every instance shares it", async () => {
    // The periodic sweep waits for its next run; a job queued here is counted at the next scrape.
    const before = countOf(await scrape(), 'redraft_job_queue_depth', { state: 'queued' });
    expect(before).toBeGreaterThanOrEqual(1);
    await enqueue(t.database.db, { kind: 'not-run-here', key: `metrics-${randomUUID()}` });
    expect(countOf(await scrape(), 'redraft_job_queue_depth', { state: 'queued' })).toBe(before + 1);
    expect(samples(await scrape(), 'redraft_job_queue_depth').map((x) => x.labels.state).sort()).toEqual(['failed', 'queued', 'running']);
  });

  it('counts API requests by route pattern and status code', async () => {
    const { agent } = await signedIn(t.app);
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await agent.get('/api/documents')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/documents' })).statusCode).toBe(401);
    expect((await agent.get('/api/documents/987654321')).statusCode).toBe(404);
    const after = await scrape();

    const list = { method: 'GET', route: '/api/documents' };
    expect(requests(after, { ...list, status_code: '200' }) - requests(before, { ...list, status_code: '200' })).toBe(3);
    expect(requests(after, { ...list, status_code: '401' }) - requests(before, { ...list, status_code: '401' })).toBe(1);
    // The pattern, not the path: one series for every document.
    expect(requests(after, { method: 'GET', route: '/api/documents/:id', status_code: '404' })).toBe(1);
    expect(after).not.toContain('987654321');
    // Node's own metrics, from this app's registry.
    expect(after).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it(`labels requests no route matched '${UNMATCHED_ROUTE}': a hundred random URLs make one series`, async () => {
    const before = await scrape();
    const urls = Array.from({ length: 100 }, (_, i) => (i % 2 ? `/api/nothing-${randomUUID()}` : `/${randomUUID()}/${i}`));
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const after = await scrape();

    const unmatched = samples(after, 'http_request_duration_seconds_count').filter((s) => s.labels.route === UNMATCHED_ROUTE);
    expect(unmatched.map((s) => s.labels)).toEqual([{ method: 'GET', route: UNMATCHED_ROUTE, status_code: '404' }]);
    expect(unmatched[0]!.value - requests(before, { route: UNMATCHED_ROUTE })).toBe(100);
    const routes = new Set(samples(after, 'http_request_duration_seconds_count').map((s) => s.labels.route));
    expect([...routes].filter((route) => route!.includes('nothing-') || /[0-9a-f]{8}-/.test(route!))).toEqual([]);
  });

  it('answers 404 to anything but GET /metrics', async () => {
    for (const path of ['/', '/metrics/', '/metrics/extra', '/api/health', '/Metrics']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(`${base}/metrics`, { method: 'POST', body: 'x' })).status).toBe(404);
    expect((await fetch(`${base}/metrics?name[]=up`)).status).toBe(200);
  });

  it('is not served by the public app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('times AI model requests by provider and outcome', async () => {
    const prompt = { system: 'Be brief.', messages: [{ role: 'user' as const, content: 'Summarise' }], redraft: { action: 'summarize', question: 'Summarise', documentText: 'The cat sat on the mat. It was warm.' } };
    expect((await streamAnswer(t.deps.ai, prompt)).ok).toBe(true);
    const gone = new AbortController();
    gone.abort();
    expect((await streamAnswer(t.deps.ai, prompt, { signal: gone.signal })).ok).toBe(false);
    const text = await scrape();
    expect(countOf(text, 'redraft_ai_request_duration_seconds_count', { provider: 'offline', outcome: 'ok' })).toBe(1);
    expect(countOf(text, 'redraft_ai_request_duration_seconds_count', { provider: 'offline', outcome: 'error' })).toBe(1);
  });
});

describe('without METRICS_PORT', () => {
  const listeners = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;

  it('opens no metrics listener at all', async () => {
    const before = listeners();
    const plain = await createTestApp();
    try {
      expect(plain.metrics).toBeUndefined();
      expect(listeners()).toBe(before);
    } finally {
      await plain.close();
    }
    // The same count sees the listener of the app that has one, so the check above can fail.
    await t.metrics!.server.close();
    try {
      // Node lists a closed server's handle until the loop turns once more.
      await vi.waitFor(() => expect(listeners()).toBe(before - 1));
    } finally {
      await t.metrics!.server.start(t.app.log);
      base = listenerUrl(t);
    }
    expect(listeners()).toBe(before);
  });
});

describe('the job queue gauge', () => {
  const listen = { port: 0, host: '127.0.0.1' };
  const log = createLogger('silent');

  async function serving(queueDepth: () => Promise<{ queued: number; running: number; failed: number }>) {
    const metrics = createMetrics(listen, { queueDepth });
    await metrics.server.start(log);
    const { address, port } = metrics.server.address()!;
    return { url: `http://${address}:${port}`, close: () => metrics.server.close() };
  }

  it('reads the depth by state at scrape time, once for scrapes that arrive together', async () => {
    // As slow as a busy database, so the five scrapes arrive while the first is being answered.
    const queueDepth = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { queued: 4, running: 2, failed: 1 };
    });
    const s = await serving(queueDepth);
    try {
      const texts = await Promise.all(Array.from({ length: 5 }, () => scrape(s.url)));
      expect(queueDepth).toHaveBeenCalledTimes(1);
      for (const text of texts) {
        expect(samples(text, 'redraft_job_queue_depth').map((x) => [x.labels.state, x.value])).toEqual([
          ['queued', 4],
          ['running', 2],
          ['failed', 1],
        ]);
      }
    } finally {
      await s.close();
    }
  });

  it('leaves the gauge out, and still answers, when the queue cannot be read', async () => {
    let fail = false;
    const s = await serving(async () => {
      if (fail) throw new Error('database gone');
      return { queued: 1, running: 0, failed: 0 };
    });
    try {
      expect(samples(await scrape(s.url), 'redraft_job_queue_depth')).toHaveLength(3);
      fail = true;
      const text = await scrape(s.url);
      expect(samples(text, 'redraft_job_queue_depth')).toEqual([]);
      expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    } finally {
      await s.close();
    }
  });
});
