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
import { startCleanupSchedule } from './features/cleanup/cleanup-schedule';
import { checkDocumentServer } from './features/onlyoffice/setup-check';
import type { LimitOverrides } from './features/rate-limit/rate-limit.service';
import { seedTemplates } from './features/templates/templates.service';
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
};

export async function boot(options: BootOptions) {
  const blobs = await openBlobStore(options.config);
  const work = createWorkPool(options.work);
  const ai = options.ai ?? createAi(options.config.ai, {}, work);
  const app = await buildApp(
    { config: options.config, database: options.database, blobs, ai, clock: options.clock, work, limits: options.limits },
    { logger: options.logger, webRoot: options.webRoot },
  ).catch(async (err: unknown) => {
    await work.close();
    throw err;
  });
  // After the server stopped taking requests and the in-flight ones finished.
  app.addHook('onClose', () => work.close());
  const deps: Deps = { config: options.config, database: options.database, blobs, ai, clock: options.clock, log: app.log, work, limits: options.limits };
  // A file no row names is an orphan once it is older than any write in flight: at once on a local
  // disk (one instance; at boot nothing of ours is in flight), after the grace period on a bucket
  // other instances may be writing to. See docs/decisions/004 and 029.
  await recoverDocuments(deps, { orphanGraceMs: options.config.orphanGraceMs });
  await seedTemplates(deps);
  startCleanupSchedule(deps, app);
  checkDocumentServer(deps);
  return { app, deps };
}
