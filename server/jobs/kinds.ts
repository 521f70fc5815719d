/**
 * What runs as a job, and how: a document's processing (retried, since what fails it here is
 * storage or database trouble that passes), and the periodic sweeps, which run on one instance
 * at a time however many there are.
 */
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import { runCleanup } from '../features/cleanup/cleanup.service';
import { processDocument, sweepOrphans } from '../features/documents/processing';
import { PROCESS_DOCUMENT } from '../features/documents/processing-job';
import * as repo from './jobs.repo';
import type { JobKind } from './runner';

/** Often enough that an expired demo account lingers minutes, not hours; a few queries when there is nothing to do. */
export const CLEANUP_INTERVAL_MS = 15 * 60_000;

const CLEANUP = 'cleanup';
const ORPHAN_SWEEP = 'orphan-sweep';

export function jobKinds(deps: Deps, opts: { cleanupEveryMs?: number } = {}): Record<string, JobKind> {
  return {
    [PROCESS_DOCUMENT]: {
      maxAttempts: 5,
      run: (payload, attempt) => processDocument(deps, Number(payload.documentId), undefined, { last: attempt.last }),
    },
    [CLEANUP]: { maxAttempts: 1, everyMs: opts.cleanupEveryMs ?? CLEANUP_INTERVAL_MS, run: async () => void (await runCleanup(deps)) },
    [ORPHAN_SWEEP]: {
      maxAttempts: 1,
      everyMs: deps.config.jobs.orphanSweepMs,
      run: async () => void (await sweepOrphans(deps, deps.config.orphanGraceMs)),
    },
  };
}

/**
 * Puts the periodic jobs in the table unless they are there: the cleanup runs at once (as it did at
 * every boot), the sweep after its interval (the boot has just swept). Another instance's boot
 * finds them there and leaves their schedule alone.
 */
export async function schedulePeriodicJobs(db: Db, orphanSweepMs: number) {
  await repo.enqueue(db, { kind: CLEANUP, key: CLEANUP });
  await repo.enqueue(db, { kind: ORPHAN_SWEEP, key: ORPHAN_SWEEP, delayMs: orphanSweepMs });
}
