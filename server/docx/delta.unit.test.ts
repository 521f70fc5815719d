import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DeltaError, applyDelta, encodeDelta } from './delta';
import { deltaFor, rebuild } from './version-delta';
import { createHash } from 'node:crypto';

/** A deterministic generator, so a failure names the seed that made it. */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

const text = (n: number, seed: number) => {
  const r = rng(seed);
  const words = ['the', 'supplier', 'shall', 'deliver', 'goods', 'within', 'ten', 'days', 'of', 'notice', 'buyer', 'pays'];
  let s = '';
  while (s.length < n) s += `${words[r(words.length)]} `;
  return new TextEncoder().encode(s.slice(0, n));
};

function edited(source: Uint8Array, seed: number): Uint8Array {
  const r = rng(seed);
  let out = source;
  for (let k = 0; k < 1 + r(5); k++) {
    const at = r(out.length + 1);
    const cut = r(Math.min(200, out.length - at) + 1);
    const insert = randomBytes(r(300));
    const next = new Uint8Array(out.length - cut + insert.length);
    next.set(out.subarray(0, at));
    next.set(insert, at);
    next.set(out.subarray(at + cut), at + insert.length);
    out = next;
  }
  return out;
}

describe('byte deltas', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('rebuilds a target with random edits exactly (seed %i)', (seed) => {
    const source = text(50_000 + seed * 1000, seed);
    const target = edited(source, seed * 31);
    const delta = encodeDelta(source, target);
    expect(applyDelta(source, delta, target.length)).toEqual(target);
    expect(delta.length).toBeLessThan(target.length / 10);
  });

  it('rebuilds moved blocks from copies, and the edge cases: empty, tiny, nothing shared', () => {
    const a = text(40_000, 9);
    const moved = new Uint8Array([...a.subarray(20_000), ...a.subarray(0, 20_000)]);
    const delta = encodeDelta(a, moved);
    expect(applyDelta(a, delta, moved.length)).toEqual(moved);
    expect(delta.length).toBeLessThan(100);
    for (const [source, target] of [
      [new Uint8Array(0), new Uint8Array(0)],
      [new Uint8Array(0), text(100, 1)],
      [text(100, 1), new Uint8Array(0)],
      [text(10, 1), text(10, 1)],
      [randomBytes(5000), randomBytes(5000)],
    ] as const) {
      expect(applyDelta(source, encodeDelta(source, target), target.length)).toEqual(new Uint8Array(target));
    }
  });

  it('refuses what is not a whole delta for this source, with a DeltaError', () => {
    const source = text(10_000, 3);
    const target = edited(source, 4);
    const delta = encodeDelta(source, target);
    const bad = (bytes: Uint8Array, max = target.length) => expect(() => applyDelta(source, bytes, max)).toThrow(DeltaError);
    bad(delta.subarray(0, delta.length - 1)); // cut short
    bad(delta.subarray(0, 3)); // not even the magic
    bad(new Uint8Array([0x50, ...delta.subarray(1)])); // not a delta
    bad(delta, target.length - 1); // more than allowed
    bad(new Uint8Array([...delta.subarray(0, 5), 9])); // unknown operation
    expect(() => applyDelta(source.subarray(0, 100), delta, target.length)).toThrow(DeltaError); // copies past a shorter source
  });

  it('keeps a delta only when it saves at least half, and rebuilds a chain checked against its SHA-256', () => {
    const v1 = text(60_000, 5);
    const v2 = edited(v1, 6);
    const v3 = edited(v2, 7);
    expect(deltaFor({ source: randomBytes(20_000), target: randomBytes(20_000) })).toBeNull();
    // v1 as a delta against v2, v2 against v3: v1 is rebuilt from v3 through both.
    const d2 = deltaFor({ source: v3, target: v2 })!;
    const d1 = deltaFor({ source: v2, target: v1 })!;
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    const steps = [
      { delta: d2, byteSize: v2.length },
      { delta: d1, byteSize: v1.length },
    ];
    expect(rebuild({ whole: v3, steps, sha256: sha(v1) })).toEqual(v1);
    expect(() => rebuild({ whole: v3, steps, sha256: sha(v2) })).toThrow(DeltaError);
    expect(() => rebuild({ whole: v3, steps: [{ delta: d1, byteSize: v1.length }], sha256: sha(v1) })).toThrow();
  });
});
