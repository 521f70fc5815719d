/**
 * How work grows with its input, measured so that a busy machine does not decide the result: a
 * test compares the same code on an input and on one `factor` times larger, in the same run, and
 * asserts the ratio, not a number of milliseconds. Load only ever adds time, so each size keeps
 * its fastest of a few tries, taken in turns; a run too short to time is repeated until it lasts
 * `MIN_SAMPLE_MS`.
 * Linear work grows about `factor` times, quadratic `factor`² times: `LINEAR_BOUND` lies between.
 */
import { performance } from 'node:perf_hooks';

const MIN_SAMPLE_MS = 20;
const TRIES = 5;

/** Milliseconds per call of `run`, repeated until the sample is long enough to time. */
function perCall(run: () => unknown): number {
  const started = performance.now();
  let calls = 0;
  for (;;) {
    run();
    calls++;
    const elapsed = performance.now() - started;
    if (elapsed >= MIN_SAMPLE_MS) return elapsed / calls;
  }
}

/**
 * The time of `make(large)`'s work over `make(small)`'s; each input is built before it is timed.
 * The tries of the two sizes take turns, so a burst of load that lasts a few tries (another
 * process, a collection) lands on both sizes rather than on all the tries of one.
 */
export function growth<T>(make: (size: number) => T, work: (input: T) => unknown, small: number, large: number): number {
  const a = make(small);
  const b = make(large);
  let smallest = Infinity;
  let largest = Infinity;
  for (let i = 0; i < TRIES; i++) {
    smallest = Math.min(smallest, perCall(() => work(a)));
    largest = Math.min(largest, perCall(() => work(b)));
  }
  return largest / smallest;
}

/** Below this for a 4× larger input: linear (4×) or n log n passes, quadratic (16×) fails. */
export const LINEAR_BOUND = 8;
