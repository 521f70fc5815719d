/** docs/product.md §8 texts for the waitlist screen. */
import type { WaitlistJoined } from '@common/schemas/waitlist';
import type { ToastInput } from '@web/components/ui/use-toast';

export const JOIN_FAILED_TITLE = 'Something went wrong';
export const JOIN_FAILED_FALLBACK = 'Please try again in a moment.';

/**
 * A new entry gets docs/product.md §8's sentence; an email already on the list gets the server's message,
 * which says so and carries the position the first sign-up got.
 */
export function joinedToast({ position, alreadyJoined, message }: WaitlistJoined): ToastInput {
  return {
    title: "You're on the waitlist!",
    description: alreadyJoined ? message : `You're #${position} in line. We'll notify you when it's your turn.`,
  };
}
