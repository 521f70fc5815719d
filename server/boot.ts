/**
 * What happens between "config parsed" and "ready to listen", shared by main.ts and the test app
 * so tests boot the server the way production does.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type Ai, createAi } from './adapters/ai/model';
import { openBlobStore } from './adapters/open-blob-store';
import { buildApp } from './app';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock, Deps } from './deps';
import { recoverDocuments } from './features/documents/processing';
import { createMetrics, withAiMetrics } from './features/metrics/metrics';
import { checkDocumentServer } from './features/onlyoffice/setup-check';
import type { LimitOverrides } from './features/rate-limit/rate-limit.service';
import { seedTemplates } from './features/templates/templates.service';
import { queueDepth } from './jobs/jobs.repo';
import { jobKinds, schedulePeriodicJobs } from './jobs/kinds';
import { DEFAULT_JOB_OPTIONS, type JobRunnerOptions, createJobRunner } from './jobs/runner';
import { type WorkOptions, createWorkPool } from './work/work-pool';

export type BootOptions = {
  config: Config;
  database: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  webRoot?: string;
  /** The AI model and its limits; built from config.ai when absent (tests pass shorter timeouts). */
  ai?: Ai;
  /** The worker pool's sizes and budgets (tests pass tiny ones; the benchmark runs it inline). */
  work?: WorkOptions;
  /** Smaller rate limits and quotas, so a test reaches one in a few requests; never set in production. */
  limits?: LimitOverrides;
  /** The job runner's timings (tests poll often and run the cleanup every few milliseconds). */
  jobs?: Partial<JobRunnerOptions> & { cleanupEveryMs?: number };
};

export async function boot(options: BootOptions) {
  const blobs = await openBlobStore(options.config);
  const work = createWorkPool(options.work);
  // The queue is read only when scraped, from the jobs table all instances share.
  const metrics = options.config.metrics && createMetrics(options.config.metrics, { queueDepth: () => queueDepth(options.database.db) });
  const ai = withAiMetrics(options.ai ?? createAi(options.config.ai, {}, work), metrics);
  const app = await buildApp(
    { config: options.config, database: options.database, blobs, ai, clock: options.clock, work, limits: options.limits },
    { logger: options.logger, webRoot: options.webRoot, metrics },
  ).catch(async (err: unknown) => {
    await work.close();
    throw err;
  });
  const deps: Deps = { config: options.config, database: options.database, blobs, ai, clock: options.clock, log: app.log, work, limits: options.limits };
  const { cleanupEveryMs, ...timings } = options.jobs ?? {};
  const jobs = createJobRunner(options.database.db, app.log, jobKinds(deps, { cleanupEveryMs }), {
    ...DEFAULT_JOB_OPTIONS,
    leaseMs: options.config.jobs.leaseMs,
    ...timings,
  });
  // After the server stopped taking requests and the in-flight ones finished: the jobs under way
  // end first, since they use the work pool.
  app.addHook('onClose', async () => {
    await jobs.close();
    await work.close();
  });
  // A file no row names is an orphan once it is older than any write in flight: at once on a local
  // disk (one instance; at boot nothing of ours is in flight), after the grace period on a bucket
  // other instances may be writing to. See docs/decisions/004 and 029.
  await recoverDocuments(deps, { orphanGraceMs: options.config.storage.kind === 'disk' ? 0 : options.config.orphanGraceMs });
  await schedulePeriodicJobs(options.database.db, options.config.jobs.orphanSweepMs);
  await seedTemplates(deps);
  app.addHook('onReady', async () => jobs.start());
  checkDocumentServer(deps);
  return { app, deps, jobs, metrics };
}
