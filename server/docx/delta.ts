/**
 * A byte delta: `target` written as copies from `source` and literal bytes, so an older version
 * can be stored as what it does not share with a newer one (docs/decisions/027-version-storage.md).
 *
 * The source is indexed by the hash of every aligned 32-byte block; the target is scanned with a
 * rolling hash of the same width, and each hit is checked byte for byte and extended both ways.
 * Linear in the two sizes. The encoding is `RDD1`, the target's length, then operations:
 * 0 = literal (length, bytes), 1 = copy (source offset, length), all lengths as LEB128 varints.
 */
const BLOCK = 32;
const BASE = 0x01000193; // the FNV prime: odd, so multiplication mod 2^32 loses nothing
const MAGIC = [0x52, 0x44, 0x44, 0x31]; // "RDD1"
const LITERAL = 0;
const COPY = 1;

export class DeltaError extends Error {
  readonly code = 'bad_delta';
}

/** BASE^(BLOCK-1) mod 2^32, to take the outgoing byte out of the rolling hash. */
const OUT_FACTOR = (() => {
  let f = 1;
  for (let i = 0; i < BLOCK - 1; i++) f = Math.imul(f, BASE);
  return f >>> 0;
})();

function hashAt(bytes: Uint8Array, at: number): number {
  let h = 0;
  for (let i = at; i < at + BLOCK; i++) h = (Math.imul(h, BASE) + bytes[i]!) | 0;
  return h >>> 0;
}

class Writer {
  private chunks: Uint8Array[] = [];
  private buffer = new Uint8Array(64 * 1024);
  private at = 0;
  size = 0;

  private room(n: number) {
    if (this.at + n <= this.buffer.length) return;
    this.chunks.push(this.buffer.subarray(0, this.at));
    this.buffer = new Uint8Array(Math.max(64 * 1024, n));
    this.at = 0;
  }

  byte(b: number) {
    this.room(1);
    this.buffer[this.at++] = b;
    this.size += 1;
  }

  varint(n: number) {
    while (n >= 0x80) {
      this.byte((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    this.byte(n);
  }

  bytes(b: Uint8Array) {
    this.room(b.length);
    this.buffer.set(b, this.at);
    this.at += b.length;
    this.size += b.length;
  }

  done(): Uint8Array {
    const out = new Uint8Array(this.size);
    let p = 0;
    for (const c of [...this.chunks, this.buffer.subarray(0, this.at)]) {
      out.set(c, p);
      p += c.length;
    }
    return out;
  }
}

export function encodeDelta(source: Uint8Array, target: Uint8Array): Uint8Array {
  const index = new Map<number, number>();
  for (let p = 0; p + BLOCK <= source.length; p += BLOCK) {
    const h = hashAt(source, p);
    if (!index.has(h)) index.set(h, p);
  }
  const out = new Writer();
  for (const b of MAGIC) out.byte(b);
  out.varint(target.length);
  let pending = 0; // start of the literal bytes not yet written
  const literalUpTo = (end: number) => {
    if (end <= pending) return;
    out.byte(LITERAL);
    out.varint(end - pending);
    out.bytes(target.subarray(pending, end));
  };

  let i = 0;
  let h = target.length >= BLOCK ? hashAt(target, 0) : 0;
  while (i + BLOCK <= target.length) {
    const candidate = index.get(h);
    if (candidate !== undefined && sameRun(source, candidate, target, i, BLOCK)) {
      let s = candidate;
      let t = i;
      while (s > 0 && t > pending && source[s - 1] === target[t - 1]) {
        s -= 1;
        t -= 1;
      }
      let end = i + BLOCK;
      let sourceEnd = candidate + BLOCK;
      while (end < target.length && sourceEnd < source.length && source[sourceEnd] === target[end]) {
        end += 1;
        sourceEnd += 1;
      }
      literalUpTo(t);
      out.byte(COPY);
      out.varint(s);
      out.varint(end - t);
      pending = end;
      i = end;
      if (i + BLOCK <= target.length) h = hashAt(target, i);
      continue;
    }
    if (i + BLOCK < target.length) {
      h = (Math.imul((h - Math.imul(target[i]!, OUT_FACTOR)) | 0, BASE) + target[i + BLOCK]!) >>> 0;
    }
    i += 1;
  }
  literalUpTo(target.length);
  return out.done();
}

function sameRun(a: Uint8Array, aAt: number, b: Uint8Array, bAt: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (a[aAt + k] !== b[bAt + k]) return false;
  return true;
}

/** The target a delta describes; throws DeltaError on anything that is not a whole, consistent delta for this source. */
export function applyDelta(source: Uint8Array, delta: Uint8Array, maxBytes: number): Uint8Array {
  let p = 0;
  const varint = () => {
    let n = 0;
    let scale = 1;
    for (;;) {
      if (p >= delta.length || scale > 2 ** 49) throw new DeltaError('The delta is cut short.');
      const b = delta[p++]!;
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 0x80;
    }
  };
  if (delta.length < MAGIC.length || MAGIC.some((b, k) => delta[k] !== b)) throw new DeltaError('Not a delta.');
  p = MAGIC.length;
  const length = varint();
  if (length > maxBytes) throw new DeltaError('The delta describes more bytes than allowed.');
  const target = new Uint8Array(length);
  let at = 0;
  while (p < delta.length) {
    const op = delta[p++];
    if (op === LITERAL) {
      const n = varint();
      if (n > length - at || p + n > delta.length) throw new DeltaError('A literal runs past its end.');
      target.set(delta.subarray(p, p + n), at);
      p += n;
      at += n;
    } else if (op === COPY) {
      const from = varint();
      const n = varint();
      if (n > length - at || from + n > source.length) throw new DeltaError('A copy runs past its end.');
      target.set(source.subarray(from, from + n), at);
      at += n;
    } else {
      throw new DeltaError('Unknown delta operation.');
    }
  }
  if (at !== length) throw new DeltaError('The delta is cut short.');
  return target;
}
