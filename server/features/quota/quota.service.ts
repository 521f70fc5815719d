/**
 * Per-account storage and document quotas (numbers in common/limits.ts, so the browser can show
 * them). Checked before anything is stored; a refusal stores nothing.
 */
import { type Quota, QUOTAS } from '@common/limits';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { Actor } from '../auth/auth.service';
import type { LimitOverrides } from '../rate-limit/rate-limit.service';
import * as repo from './quota.repo';

type QuotaDeps = Pick<Deps, 'database'> & { limits?: LimitOverrides };

export function quotaFor(deps: QuotaDeps, actor: Pick<Actor, 'isDemo'>): Quota {
  const kind = actor.isDemo ? 'demo' : 'user';
  return deps.limits?.quotas?.[kind] ?? QUOTAS[kind];
}

/**
 * Refuses a write that would take the account over its quota: 413 for storage, 403 for the
 * document count (a quota, not a rate: waiting does not help, deleting documents does).
 * `bytes` is what the request may store; uploads pass their declared length, an upper bound.
 * Two writes racing can each pass and together overshoot by one request's size; the rate limits
 * bound how many can race.
 */
export async function checkQuota(deps: QuotaDeps, actor: Actor, incoming: { bytes: number; newDocument: boolean }) {
  const quota = quotaFor(deps, actor);
  const used = await repo.usage(deps.database.db, actor.id);
  if (incoming.newDocument && used.documents >= quota.documents) {
    throw new AppError(
      'forbidden',
      `You have reached the limit of ${quota.documents.toLocaleString('en-US')} documents. Delete documents you no longer need to add new ones.`,
      { documents: used.documents, documentQuota: quota.documents },
    );
  }
  if (used.bytes + Math.max(1, incoming.bytes) > quota.bytes) {
    throw new AppError(
      'payload_too_large',
      `Not enough storage left: this would take your account past its ${formatBytes(quota.bytes)} limit (${formatBytes(used.bytes)} used). Delete documents you no longer need to make room.`,
      { usedBytes: used.bytes, quotaBytes: quota.bytes },
    );
  }
}

function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || Number.isInteger(value) ? String(Math.round(value)) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}
