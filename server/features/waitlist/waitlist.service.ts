import type { JoinWaitlistInput, WaitlistJoined } from '@common/schemas/waitlist';
import type { Deps } from '../../deps';
import { consume } from '../rate-limit/rate-limit.service';
import * as repo from './waitlist.repo';

/**
 * Puts a visitor on the waitlist, once per email: the address is compared without regard to
 * letter case or surrounding spaces, and a second sign-up changes nothing and answers the
 * position the first one got. Defaults (source, status, priority, opt-in, unverified) are the
 * table's, as docs/product.md §9 gives them.
 */
export async function joinWaitlist(deps: Deps, input: JoinWaitlistInput, ip: string): Promise<WaitlistJoined> {
  await consume(deps, 'waitlistPerIp', ip);
  const company = input.company?.trim();
  const { id, position, created } = await repo.joinOrFind(deps.database.db, {
    email: normaliseEmail(input.email),
    name: input.name,
    company: company ? company : null,
    useCase: input.useCase,
    createdAt: deps.clock.now(),
  });
  if (created) deps.log.info({ waitlistId: id, position }, 'waitlist sign-up');
  return {
    position,
    alreadyJoined: !created,
    message: created
      ? `You're on the waitlist! You're #${position} in line.`
      : `This email is already on the waitlist. You're #${position} in line.`,
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
