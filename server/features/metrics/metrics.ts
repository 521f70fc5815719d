/**
 * What Prometheus scrapes from this process: Node's own process metrics, how long HTTP requests
 * and AI model requests take, and the job queue's depth. Kept on a Registry of this app's own,
 * never prom-client's global one, so two apps in one process (the API tests) do not clash or count
 * each other's requests. Created only when METRICS_PORT is set, and read only through the internal
 * listener (metrics-server.ts). See docs/decisions/030-metrics-on-an-internal-listener.md.
 */
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Ai } from '../../adapters/ai/model';
import { createMetricsServer, type MetricsListen } from './metrics-server';

export type QueueDepth = { queued: number; running: number; failed: number };

export type MetricsOptions = {
  /** The job queue's size by state, read at each scrape; the gauge has no samples without it. */
  queueDepth?: () => Promise<QueueDepth>;
};

/**
 * The route label of a request no route matched. Labelling those by URL would make a series per
 * path anyone cares to request, which grows without bound and takes Prometheus down with it.
 */
export const UNMATCHED_ROUTE = 'unmatched';

/** Model answers take seconds, up to the 120 s an answer may take (DEFAULT_LIMITS.totalMs). */
const AI_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];

/** A queue count the database cannot give in this time is left out of the scrape, not waited for. */
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;

export function createMetrics(listen: MetricsListen, options: MetricsOptions = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its response being sent, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const aiDuration = new Histogram({
    name: 'redraft_ai_request_duration_seconds',
    help: 'Time an AI model request took, to its last token or its failure, by provider and outcome.',
    labelNames: ['provider', 'outcome'] as const,
    buckets: AI_BUCKETS,
    registers: [registry],
  });
  const { queueDepth } = options;
  new Gauge({
    name: 'redraft_job_queue_depth',
    help: 'Background jobs by state, read from the queue at scrape time.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      if (!queueDepth) return;
      try {
        const depth = await withinMs(queueDepth(), QUEUE_DEPTH_TIMEOUT_MS);
        this.set({ state: 'queued' }, depth.queued);
        this.set({ state: 'running' }, depth.running);
        this.set({ state: 'failed' }, depth.failed);
      } catch {
        // The rest of the scrape still answers; a missing series is the signal (absent() in an
        // alert), where the last count would pass for a current one.
        this.reset();
      }
    },
  });

  return {
    registry,
    server: createMetricsServer(registry, listen),
    /** `route` is the matched route's pattern (Fastify's routeOptions.url), undefined when none matched. */
    observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number) {
      httpDuration.observe({ method, route: route ?? UNMATCHED_ROUTE, status_code: statusCode }, seconds);
    },
    observeAi(provider: string, outcome: 'ok' | 'error', seconds: number) {
      aiDuration.observe({ provider, outcome }, seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The same model, its requests timed into `metrics`; the model untouched without metrics. */
export function withAiMetrics(ai: Ai, metrics: Metrics | undefined): Ai {
  if (!metrics) return ai;
  return { ...ai, observe: (outcome, seconds) => metrics.observeAi(ai.provider, outcome, seconds) };
}

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
