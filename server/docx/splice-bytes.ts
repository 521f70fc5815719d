import type { TextEncoding } from './package';

/** Text to put into a part: before `offset` (UTF-16 code units of the decoded part), replacing `replaced`. */
export interface Splice {
  readonly offset: number;
  readonly text: string;
  readonly replaced: string;
}

/**
 * A part's bytes with the splices made (sorted by offset, not overlapping), written from the
 * original bytes: what lies between splices is copied as it is rather than spliced as a string
 * and encoded back. The result is byte for byte what encoding the spliced text would give (a part
 * decodes strictly, so its bytes are the encoding of `text`), without a copy of a long body as a
 * string and another as bytes. `text` is the decoded part, which the offsets count in.
 */
export function spliceBytes(bytes: Uint8Array, text: string, encoding: TextEncoding, splices: readonly Splice[]): Uint8Array {
  const toByte = byteOffsets(text, encoding, bytes.length);
  const at: number[] = []; // per splice: the byte offsets where it starts and where the copy resumes
  let length = bytes.length;
  for (const s of splices) {
    const start = toByte(s.offset);
    const resume = toByte(s.offset + s.replaced.length);
    at.push(start, resume);
    length += encodedLength(s.text, encoding) - (resume - start);
  }
  const out = Buffer.allocUnsafeSlow(length);
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let from = 0;
  let p = 0;
  splices.forEach((s, i) => {
    p += source.copy(out, p, from, at[2 * i]!);
    p += write(out, p, s.text, encoding);
    from = at[2 * i + 1]!;
  });
  source.copy(out, p, from);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * Byte offset of a UTF-16 offset, for offsets asked in increasing order. A part whose UTF-8 bytes
 * are as many as its characters is ASCII, so they are the same; otherwise each stretch between
 * two offsets is measured once (natively), so the whole part is measured once in all.
 */
function byteOffsets(text: string, encoding: TextEncoding, byteLength: number): (units: number) => number {
  if (encoding !== 'utf-8') return (units) => units * 2;
  if (byteLength === text.length) return (units) => units;
  let unit = 0;
  let byte = 0;
  return (target) => {
    if (target > unit) {
      byte += Buffer.byteLength(text.slice(unit, target), 'utf8');
      unit = target;
    }
    return byte;
  };
}

function encodedLength(text: string, encoding: TextEncoding): number {
  return encoding === 'utf-8' ? Buffer.byteLength(text, 'utf8') : text.length * 2;
}

function write(out: Buffer, at: number, text: string, encoding: TextEncoding): number {
  if (encoding === 'utf-8') return out.write(text, at, 'utf8');
  if (encoding === 'utf-16le') return out.write(text, at, 'utf16le');
  for (let i = 0; i < text.length; i++) out.writeUInt16BE(text.charCodeAt(i), at + 2 * i);
  return text.length * 2;
}
