import type { Clock } from '../../server/deps';

/** A clock a test moves by hand: `advance(7 * DAY)` instead of waiting a week. */
export function movableClock(start = new Date()): Clock & { advance: (ms: number) => void } {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
  };
}
