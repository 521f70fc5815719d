/**
 * buildApp on a fresh database, with the logs captured so tests can check what they hold.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type BootOptions, boot } from '../../server/boot';
import { parseConfig } from '../../server/config';
import { type Clock, systemClock } from '../../server/deps';
import type { LimitOverrides } from '../../server/features/rate-limit/rate-limit.service';
import { createLogger } from '../../server/logger';
import type { WorkOptions } from '../../server/work/work-pool';
import { openTestDatabase } from './test-database';
import { testStorageEnv } from './test-storage';

export type TestAppOptions = {
  env?: Record<string, string>;
  clock?: Clock;
  limits?: LimitOverrides;
  /** The work pool's sizes and budgets; the production defaults when absent. */
  work?: WorkOptions;
  /** The job runner's timings; the production ones when absent. */
  jobs?: BootOptions['jobs'];
  /** A built web app to serve (index.html and assets), as server/main.ts serves dist/web. */
  webRoot?: string;
};

export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'redraft-test-'));
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...testStorageEnv(dataDir), ...options.env });
  const database = await openTestDatabase();
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const { app, deps, jobs, metrics } = await boot({ config, database, clock: options.clock ?? systemClock, limits: options.limits, work: options.work, jobs: options.jobs, webRoot: options.webRoot, logger: createLogger('info', sink) });
  await app.ready();
  let appClosed: Promise<unknown> | undefined;
  return {
    app,
    deps,
    jobs,
    metrics,
    config,
    database,
    dataDir,
    logs: () => logLines.join(''),
    /** Stops the app (its job runner with it) and keeps the database open for checks after. */
    closeApp: () => (appClosed ??= app.close()),
    close: async () => {
      await (appClosed ??= app.close());
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
