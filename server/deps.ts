import type { FastifyBaseLogger } from 'fastify';
import type { Ai } from './adapters/ai/model';
import type { BlobStore } from './adapters/blob-store';
import type { Config } from './config';
import type { Database } from './db/client';

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
};
