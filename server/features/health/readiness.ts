/**
 * Is the database answering? Is the blob store? Asked by /api/health and /api/health/ready, which
 * load balancers and monitors may call many times a second: each dependency is asked at most once
 * per READINESS_MAX_AGE_MS, and callers in between share the last answer or the check in flight,
 * so health never adds load of its own to a busy database or bucket. A dependency that goes away
 * shows within that time.
 */
import type { Deps } from '../../deps';

export const READINESS_MAX_AGE_MS = 1_000;

type CheckDeps = Pick<Deps, 'clock' | 'log'>;

export function readinessCheck(deps: Pick<Deps, 'database'> & CheckDeps, maxAgeMs = READINESS_MAX_AGE_MS) {
  return cachedCheck('database', () => deps.database.ping(), deps, maxAgeMs);
}

export function storageCheck(deps: Pick<Deps, 'blobs'> & CheckDeps, maxAgeMs = READINESS_MAX_AGE_MS) {
  return cachedCheck('storage', () => deps.blobs.ping(), deps, maxAgeMs);
}

function cachedCheck(name: string, ping: () => Promise<unknown>, deps: CheckDeps, maxAgeMs: number) {
  let last: { at: number; ok: boolean } | undefined;
  let inFlight: Promise<boolean> | undefined;
  return (): Promise<boolean> => {
    const now = deps.clock.now().getTime();
    if (last && now >= last.at && now - last.at < maxAgeMs) return Promise.resolve(last.ok);
    inFlight ??= ping()
      .then(
        () => true,
        (err: unknown) => (deps.log.error({ err }, `health: ${name} check failed`), false),
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
