/**
 * One piece of costly work at a time per person (a review, a comparison), on every instance
 * together: the hold is a row in the database (one-at-a-time.repo.ts), not a set in one process.
 */
import type { Deps } from '../../deps';
import * as repo from './one-at-a-time.repo';

export type Hold = repo.Hold;

/** The hold on `key`, or undefined while someone else has it. `ttlMs` must outlast the work. */
export const take = (deps: Pick<Deps, 'database'>, key: string, ttlMs: number) => repo.take(deps.database.db, key, ttlMs);

export const release = (deps: Pick<Deps, 'database'>, hold: Hold) => repo.release(deps.database.db, hold);
