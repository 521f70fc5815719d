/**
 * What happens between "config parsed" and "ready to listen", shared by main.ts and the test app
 * so tests boot the server the way production does.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Ai, createAi } from './adapters/ai/model';
import { createDiskBlobStore } from './adapters/blob-store';
import { buildApp } from './app';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock, Deps } from './deps';
import { recoverDocuments } from './features/documents/processing';
import { seedTemplates } from './features/templates/templates.service';

export type BootOptions = {
  config: Config;
  database: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  webRoot?: string;
  /** The AI model and its limits; built from config.ai when absent (tests pass shorter timeouts). */
  ai?: Ai;
};

export async function boot(options: BootOptions) {
  const blobs = await createDiskBlobStore(path.join(options.config.dataDir, 'files'));
  const ai = options.ai ?? createAi(options.config.ai);
  const app = await buildApp(
    { config: options.config, database: options.database, blobs, ai, clock: options.clock },
    { logger: options.logger, webRoot: options.webRoot },
  );
  const deps: Deps = { config: options.config, database: options.database, blobs, ai, clock: options.clock, log: app.log };
  // DATA_DIR/files belongs to this one instance (several instances need a shared object store,
  // whose sweep must then wait out other instances' in-flight writes). At boot nothing of ours is
  // in flight, so an unreferenced file is an orphan. See docs/decisions/004-upload-durability.md.
  await recoverDocuments(deps, { orphanGraceMs: 0 });
  await seedTemplates(deps);
  return { app, deps };
}
