/**
 * Is the database answering? Asked by /api/health, which load balancers and monitors may call
 * many times a second: the database is asked at most once per READINESS_MAX_AGE_MS, and callers
 * in between share the last answer or the check in flight, so health never adds load of its own
 * to a busy database. A database that goes away shows within that time.
 */
import type { Deps } from '../../deps';

export const READINESS_MAX_AGE_MS = 1_000;

export function readinessCheck(deps: Pick<Deps, 'database' | 'clock' | 'log'>, maxAgeMs = READINESS_MAX_AGE_MS) {
  let last: { at: number; ok: boolean } | undefined;
  let inFlight: Promise<boolean> | undefined;
  return (): Promise<boolean> => {
    const now = deps.clock.now().getTime();
    if (last && now >= last.at && now - last.at < maxAgeMs) return Promise.resolve(last.ok);
    inFlight ??= deps.database
      .ping()
      .then(
        () => true,
        (err: unknown) => (deps.log.error({ err }, 'health: database check failed'), false),
      )
      .then((ok) => {
        // Dated from when the question was asked, so a slow answer does not count as fresh.
        last = { at: now, ok };
        inFlight = undefined;
        return ok;
      });
    return inFlight;
  };
}
