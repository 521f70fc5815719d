/**
 * Runs the jobs table's work in this instance (docs/decisions/031). Every instance runs one; each
 * job is claimed by exactly one of them for a lease that is renewed while it runs, so a job whose
 * instance died is claimed again by another once its lease runs out. A job that throws is retried
 * with exponential backoff up to its kind's attempts, then given up (its `failedAt` set, its
 * handler told on the last attempt so the user sees a truthful status). A periodic job moves to
 * its next run instead of being deleted.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import * as repo from './jobs.repo';

export type JobKind = {
  /** Throws to be retried later. `last`: no retry follows, so the handler records the final outcome itself. */
  run(payload: Record<string, unknown>, attempt: { number: number; last: boolean }): Promise<void>;
  maxAttempts: number;
  /** A periodic job runs again this long after each run, whatever its outcome. */
  everyMs?: number;
};

export type JobRunnerOptions = {
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs: number;
  /** How often to look for due jobs (an enqueue in this instance looks at once). */
  pollMs: number;
  /** Jobs this instance runs at once; the heavy ones queue again in the work pool anyway. */
  concurrency: number;
  /** The first retry's delay; each next one doubles, up to MAX_BACKOFF_MS. */
  retryBaseMs: number;
};

export const DEFAULT_JOB_OPTIONS: JobRunnerOptions = { leaseMs: 30_000, pollMs: 1_000, concurrency: 2, retryBaseMs: 5_000 };
const MAX_BACKOFF_MS = 15 * 60_000;

export function createJobRunner(db: Db, log: FastifyBaseLogger, kinds: Record<string, JobKind>, options: JobRunnerOptions) {
  /** Names this instance in `locked_by`: an operator can tell which host and process holds a job. */
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const names = Object.keys(kinds);
  const running = new Set<Promise<void>>();
  let polling: Promise<void> | undefined;
  let pollAgain = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const poll = async () => {
    do {
      pollAgain = false;
      while (!closed && running.size < options.concurrency) {
        const job = await repo.claim(db, owner, options.leaseMs, names);
        if (!job) break;
        const run: Promise<void> = execute(job)
          // Only bookkeeping can throw here (the database gone): the lease then runs out and the job is claimed again.
          .catch((err: unknown) => log.error({ err, jobId: job.id }, 'jobs: could not record a job\'s outcome'))
          .finally(() => {
            running.delete(run);
            kick();
          });
        running.add(run);
      }
    } while (pollAgain && !closed);
  };

  /** Looks for due jobs now; a look already under way looks once more when it ends. */
  const kick = () => {
    if (closed) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = poll()
      .catch((err: unknown) => log.error({ err }, 'jobs: could not claim a job'))
      .finally(() => (polling = undefined));
  };

  const execute = async (job: repo.JobRow) => {
    const kind = kinds[job.kind]!;
    const last = job.attempts >= kind.maxAttempts;
    const renewal = setInterval(() => {
      repo.renew(db, job.id, owner, options.leaseMs).then(
        (held) => held || log.warn({ jobId: job.id, kind: job.kind }, 'jobs: lease lost to another instance'),
        (err: unknown) => log.warn({ err, jobId: job.id }, 'jobs: could not renew a lease'),
      );
    }, options.leaseMs / 3);
    try {
      await kind.run(job.payload, { number: job.attempts, last });
      if (kind.everyMs) await repo.runAgainIn(db, job.id, owner, kind.everyMs, { resetAttempts: true });
      else await repo.finish(db, job.id, owner);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      log.error({ err, jobId: job.id, kind: job.kind, attempt: job.attempts, last }, 'jobs: a job failed');
      if (kind.everyMs) await repo.runAgainIn(db, job.id, owner, kind.everyMs, { error, resetAttempts: true });
      else if (last) await repo.giveUp(db, job.id, owner, error);
      else await repo.runAgainIn(db, job.id, owner, backoff(job.attempts, options.retryBaseMs), { error });
    } finally {
      clearInterval(renewal);
    }
  };

  return {
    owner,
    kick,
    /** Adds a job (none if one with its key is live) and, when it is due now, looks for work at once. */
    async enqueue(job: Parameters<typeof repo.enqueue>[1]) {
      await repo.enqueue(db, job);
      if (!job.delayMs) kick();
    },
    start() {
      timer = setInterval(kick, options.pollMs);
      timer.unref();
      kick();
    },
    /** Stops claiming and waits for the jobs under way (each has its own time budget). */
    async close() {
      closed = true;
      clearInterval(timer);
      await polling;
      await Promise.allSettled([...running]);
    },
  };
}

/** base, 2×base, 4×base... up to MAX_BACKOFF_MS, spread by ±20% so retries from many jobs do not move in step. */
export function backoff(attempt: number, baseMs: number) {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}
