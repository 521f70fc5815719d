/**
 * The two work-pool tasks behind shared version storage (docs/decisions/027-version-storage.md):
 * an older version written as a delta against a newer one, and a version rebuilt from its chain.
 */
import { createHash } from 'node:crypto';
import { DeltaError, applyDelta, encodeDelta } from './delta';

/**
 * A delta worth keeping saves at least half the bytes; below that the version stays whole, as
 * every version is when its neighbour shares nothing with it (a new upload, another tool's save).
 */
const WORTH_IT = 0.5;

export type DeltaInput = { readonly source: Uint8Array; readonly target: Uint8Array };

/** `target` as a delta against `source`, checked by applying it; null when it would not save enough. */
export function deltaFor({ source, target }: DeltaInput): Uint8Array | null {
  const delta = encodeDelta(source, target);
  if (delta.length > target.length * WORTH_IT) return null;
  const back = applyDelta(source, delta, target.length);
  if (Buffer.compare(back, target) !== 0) throw new DeltaError('The delta does not rebuild its version.');
  return delta;
}

export type RebuildInput = {
  /** The whole version the chain ends at. */
  readonly whole: Uint8Array;
  /** From the delta against `whole` to the one of the version wanted, each with the size of what it rebuilds. */
  readonly steps: ReadonlyArray<{ readonly delta: Uint8Array; readonly byteSize: number }>;
  /** The wanted version's SHA-256 as recorded when it was stored. */
  readonly sha256: string;
};

export function rebuild({ whole, steps, sha256 }: RebuildInput): Uint8Array {
  let bytes = whole;
  for (const step of steps) {
    bytes = applyDelta(bytes, step.delta, step.byteSize);
    if (bytes.length !== step.byteSize) throw new DeltaError('A delta rebuilt the wrong size.');
  }
  // A rebuilt version is served as the one stored, so it is checked as if it were: never wrong bytes.
  if (createHash('sha256').update(bytes).digest('hex') !== sha256) throw new DeltaError('A rebuilt version does not match its SHA-256.');
  return bytes;
}
