import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import * as repo from './rate-limit.repo';

export type Limit = { name: string; max: number; windowMs: number };

/** Login and registration attempts: generous per network address, tight per account. */
export const LIMITS = {
  authPerIp: { name: 'auth-ip', max: 100, windowMs: 15 * 60_000 },
  loginPerEmail: { name: 'login-email', max: 10, windowMs: 15 * 60_000 },
  registerPerEmail: { name: 'register-email', max: 10, windowMs: 15 * 60_000 },
  demoPerIp: { name: 'demo-ip', max: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** Counts an attempt and refuses it with 429 once the window's allowance is spent. */
export async function consume(deps: Pick<Deps, 'database' | 'clock'>, limit: Limit, subject: string) {
  const now = deps.clock.now();
  const { count, resetAt } = await repo.hit(deps.database.db, `${limit.name}:${subject}`, now, limit.windowMs);
  if (count <= limit.max) return;
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  throw new AppError(
    'rate_limited',
    `Too many attempts. Please try again in ${describe(seconds)}.`,
    { retryAfterSeconds: seconds },
    { 'retry-after': String(seconds) },
  );
}

export async function reset(deps: Pick<Deps, 'database'>, limit: Limit, subject: string) {
  await repo.clear(deps.database.db, `${limit.name}:${subject}`);
}

function describe(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
