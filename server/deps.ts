import type { FastifyBaseLogger } from 'fastify';
import type { Ai } from './adapters/ai/model';
import type { BlobStore } from './adapters/blob-store';
import type { Config } from './config';
import type { Database } from './db/client';
import type { LimitOverrides } from './features/rate-limit/rate-limit.service';
import type { WorkPool } from './work/work-pool';

export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };

/** Everything a service needs, built once in main.ts (or by the test app). No container. */
export type Deps = {
  config: Config;
  database: Database;
  blobs: BlobStore;
  ai: Ai;
  clock: Clock;
  log: FastifyBaseLogger;
  /** CPU-heavy work (document processing, the save merge, the offline engine), off the event loop. */
  work: WorkPool;
  /** Smaller rate limits and quotas for tests; absent in production, where the real ones apply. */
  limits?: LimitOverrides;
};
