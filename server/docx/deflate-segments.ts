/**
 * Deflate in content-defined segments, so that two versions of a part that differ by one word
 * compress to bytes that differ in one segment only (docs/decisions/027-version-storage.md).
 *
 * Plain deflate carries its dictionary and bit position forward: one changed byte changes every
 * compressed byte after it, and no delta between two saves can share them. Here the part is cut
 * where a rolling hash of the last 32 bytes hits a pattern (so an edit moves only the cuts next to
 * it), each segment is deflated on its own and ended with a full flush, which byte-aligns the
 * output and resets the dictionary. The result is one valid raw deflate stream; any inflater
 * reads it. It costs about 2% in size (measured in bench/version-storage.bench.ts' notes).
 */
import { constants, deflateRawSync } from 'node:zlib';

const MIN_SEGMENT = 8 * 1024;
const MAX_SEGMENT = 64 * 1024;
/** 13 high bits zero: a cut every 8 KB on average after the minimum. */
const CUT_MASK = 0xfff80000;

/** 256 fixed pseudo-random words (xorshift32 from a constant seed): the gear table must never change. */
const GEAR = (() => {
  const table = new Uint32Array(256);
  let x = 0x9e3779b9;
  for (let i = 0; i < 256; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    table[i] = x >>> 0;
  }
  return table;
})();

/** Where the segments end: content-defined, between MIN_SEGMENT and MAX_SEGMENT apart. */
export function segmentEnds(data: Uint8Array): number[] {
  const ends: number[] = [];
  let start = 0;
  let hash = 0;
  for (let i = 0; i < data.length; i++) {
    hash = ((hash << 1) + GEAR[data[i]!]!) >>> 0;
    const length = i + 1 - start;
    if ((length >= MIN_SEGMENT && (hash & CUT_MASK) === 0) || length >= MAX_SEGMENT) {
      ends.push(i + 1);
      start = i + 1;
      hash = 0;
    }
  }
  if (start < data.length || ends.length === 0) ends.push(data.length);
  return ends;
}

/** `data` as one raw deflate stream made of independently compressed segments. */
export function deflateSegmented(data: Uint8Array, level = 6): Uint8Array {
  const ends = segmentEnds(data);
  if (ends.length === 1) return deflateRawSync(data, { level });
  const parts: Buffer[] = [];
  let start = 0;
  ends.forEach((end, i) => {
    const last = i === ends.length - 1;
    parts.push(deflateRawSync(data.subarray(start, end), { level, finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH }));
    start = end;
  });
  const out = Buffer.concat(parts);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
