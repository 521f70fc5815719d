/**
 * Runs the cleanup at boot and then every CLEANUP_INTERVAL_MS, in the background: a failure is
 * logged, never thrown. Closing the app stops the timer and waits for a run in progress, so the
 * database is not closed under it.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { runCleanup } from './cleanup.service';

/** Often enough that an expired demo account lingers minutes, not hours; each run is a few queries when there is nothing to do. */
export const CLEANUP_INTERVAL_MS = 15 * 60_000;

export function startCleanupSchedule(deps: Deps, app: FastifyInstance, intervalMs = CLEANUP_INTERVAL_MS) {
  let running: Promise<unknown> | undefined;
  let closed = false;
  const tick = () => {
    if (closed || running) return;
    running = runCleanup(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'cleanup failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  // The timer alone must not keep a process alive that is otherwise done.
  timer.unref();
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
