import type { Quota } from '@common/limits';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import * as repo from './rate-limit.repo';

export type Limit = { name: string; max: number; windowMs: number; what: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every rate limit, in one table. Each allowance is far above what a person working by hand
 * reaches, so only scripts meet it; the windows are fixed and the counters live in the database
 * (rate_limits) so that several app instances share one allowance rather than multiplying it.
 *
 * - authPerIp: all sign-in and registration requests from one address. An office behind one NAT
 *   signs in a few times a day per person, far below 100 in 15 minutes.
 * - loginPerAddressAndAccount: wrong passwords for one account from one address. Keyed by both, so
 *   a stranger guessing elsewhere cannot lock the owner out at their own address; a success
 *   clears it.
 * - loginPerAccount: every attempt on one account from addresses that never signed in to it, the
 *   ceiling against guessing spread over many addresses (which the per-address limits cannot
 *   see). Addresses the owner signed in from within SIGN_IN_REMEMBERED_MS are exempt, so even a
 *   distributed attack does not lock the owner out where they usually work. 100 an hour is more
 *   than anyone mistypes and, at 2,400 a day, too few to guess a password of the allowed length.
 * - registerPerEmail: repeated registrations of one address (the answer is the same whether it
 *   exists, so this bounds probing by timing too).
 * - demoPerIp: throwaway accounts, each with its own storage; a visitor needs one.
 * - uploadPerUser: 200 an hour is a folder of a couple of hundred files moved in one at a time
 *   (the storage quota bounds what they can add up to).
 * - savePerUser: the editor saves 2 s after typing stops, about 20 a minute per tab at most;
 *   120 leaves room for several tabs. A refused autosave is retried, nothing is lost.
 * - chatPerUser / chatPerAddress: each message runs the AI model. 30 a minute per person is one
 *   every two seconds; an address may hold a whole office, hence four times that.
 * - templateUsePerUser: each use stores a new document.
 * - comparePerUser: each comparison of two versions (or their redline) is document work in the
 *   pool; the compare view makes one per pair picked, so 60 a minute is a person clicking fast.
 * - reviewPerUser: a review runs every rule over the whole document in the pool and, with
 *   free-text rules, dozens of model requests; 30 an hour is one every two minutes.
 * - waitlistPerIp: each sign-up stores a row; a household or office joins a few times, not 10 an hour.
 */
export const LIMITS = {
  authPerIp: { name: 'auth-ip', max: 100, windowMs: 15 * MINUTE, what: 'sign-in attempts' },
  loginPerAddressAndAccount: { name: 'login-ip-email', max: 10, windowMs: 15 * MINUTE, what: 'sign-in attempts' },
  loginPerAccount: { name: 'login-email', max: 100, windowMs: HOUR, what: 'sign-in attempts' },
  registerPerEmail: { name: 'register-email', max: 10, windowMs: 15 * MINUTE, what: 'registration attempts' },
  demoPerIp: { name: 'demo-ip', max: 10, windowMs: HOUR, what: 'demo sessions' },
  uploadPerUser: { name: 'upload-user', max: 200, windowMs: HOUR, what: 'uploads' },
  savePerUser: { name: 'save-user', max: 120, windowMs: MINUTE, what: 'saves' },
  chatPerUser: { name: 'chat-user', max: 30, windowMs: MINUTE, what: 'messages to the assistant' },
  chatPerAddress: { name: 'chat-ip', max: 120, windowMs: MINUTE, what: 'messages to the assistant' },
  templateUsePerUser: { name: 'template-user', max: 60, windowMs: HOUR, what: 'documents from templates' },
  comparePerUser: { name: 'compare-user', max: 60, windowMs: MINUTE, what: 'comparisons of versions' },
  reviewPerUser: { name: 'review-user', max: 30, windowMs: HOUR, what: 'document reviews' },
  waitlistPerIp: { name: 'waitlist-ip', max: 10, windowMs: HOUR, what: 'waitlist sign-ups' },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** How long a successful sign-in exempts its address from the per-account ceiling. */
export const SIGN_IN_REMEMBERED_MS = 30 * 24 * HOUR;

/**
 * Tests shrink allowances so that reaching one takes a few requests; production never sets this.
 * A missing entry means the real value from LIMITS or QUOTAS.
 */
export type LimitOverrides = {
  rates?: Partial<Record<LimitName, { max: number; windowMs?: number }>>;
  quotas?: Partial<Record<'user' | 'demo', Quota>>;
};

type LimitDeps = Pick<Deps, 'database' | 'clock'> & { limits?: LimitOverrides };

export function limitFor(deps: LimitDeps, name: LimitName): Limit {
  return { ...LIMITS[name], ...deps.limits?.rates?.[name] };
}

/** Counts an attempt and refuses it with 429 and Retry-After once the window's allowance is spent. */
export async function consume(deps: LimitDeps, name: LimitName, subject: string) {
  await consumeAll(deps, [[name, subject]]);
}

/**
 * Counts an attempt against several limits at once (one statement, one round trip: the chat's
 * person and address), and refuses it with the first of them, in the order given, that is spent.
 * Every one of them counts the attempt, refused or not, as each would alone.
 */
export async function consumeAll(deps: LimitDeps, subjects: readonly (readonly [LimitName, string])[]) {
  const limits = subjects.map(([name, subject]) => {
    const limit = limitFor(deps, name);
    return { limit, key: keyOf(limit, subject) };
  });
  const now = deps.clock.now();
  const windows = await repo.hitAll(deps.database.db, limits.map(({ limit, key }) => ({ key, windowMs: limit.windowMs })), now);
  for (const { limit, key } of limits) {
    const { count, resetAt } = windows.get(key)!;
    if (count <= limit.max) continue;
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    throw new AppError(
      'rate_limited',
      `Too many ${limit.what}. Please try again in ${describe(seconds)}.`,
      { retryAfterSeconds: seconds },
      { 'retry-after': String(seconds) },
    );
  }
}

export async function reset(deps: LimitDeps, name: LimitName, subject: string) {
  await repo.clear(deps.database.db, keyOf(limitFor(deps, name), subject));
}

/** Remembers a fact for a while in the same table (e.g. "this address signed in to this account"). */
export async function remember(deps: LimitDeps, fact: string, ms: number) {
  await repo.keepUntil(deps.database.db, `fact:${fact}`, new Date(deps.clock.now().getTime() + ms));
}

export async function remembers(deps: LimitDeps, fact: string): Promise<boolean> {
  return repo.isLive(deps.database.db, `fact:${fact}`, deps.clock.now());
}

/** Drops closed windows; run by the periodic cleanup. */
export async function deleteClosedWindows(deps: LimitDeps): Promise<number> {
  return repo.deleteClosed(deps.database.db, deps.clock.now());
}

const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject}`;

function describe(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
