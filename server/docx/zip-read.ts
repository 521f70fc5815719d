import { crc32, inflateRawSync } from 'node:zlib';
import {
  ARCHIVE_RATIO_FLOOR_BYTES,
  MAX_ARCHIVE_RATIO,
  MAX_COMPRESSION_RATIO,
  MAX_TOTAL_UNCOMPRESSED_BYTES,
  MAX_ZIP_ENTRIES,
  RATIO_CHECK_MIN_BYTES,
} from './limits';

/**
 * A ZIP reader that trusts nothing it has not checked. fflate's unzipSync would inflate whatever
 * the central directory points at, overlapping or not, and never checks CRCs or real sizes;
 * here every entry is bounds-checked against the file and its neighbours before any byte is
 * inflated, and inflating stops as soon as an entry produces more than it declared.
 */

/** One central-directory record, checked against its local header. */
export interface ZipEntry {
  readonly name: string;
  /** Raw name bytes, so a repack writes back exactly the name it read. */
  readonly nameBytes: Uint8Array;
  readonly flags: number;
  /** 0 stored, 8 deflated: the only methods accepted. */
  readonly method: number;
  readonly modTime: number;
  readonly modDate: number;
  readonly crc32: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly headerOffset: number;
  /** Where the compressed bytes start, from the local header (its extra field may differ). */
  readonly dataOffset: number;
}

export type ZipErrorCode = 'damaged' | 'encrypted' | 'too_many_entries' | 'too_large' | 'suspicious_ratio';

export class ZipError extends Error {
  constructor(
    readonly code: ZipErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ZipError';
  }
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_END64 = 0x06064b50;
const SIG_LOCATOR64 = 0x07064b50;
const END_SIZE = 22;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;

const damaged = (why: string) => new ZipError('damaged', why);

/** Reads and validates the central directory. Throws ZipError. */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndRecord(bytes, view);
  let count = view.getUint16(end + 10, true);
  let cdSize = view.getUint32(end + 12, true);
  let cdOffset = view.getUint32(end + 16, true);
  let cdLimit = end;
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const z = readEnd64(view, end);
    ({ count, cdSize, cdOffset } = z);
    cdLimit = z.offset;
  }
  if (count > MAX_ZIP_ENTRIES) {
    throw new ZipError('too_many_entries', `${count} entries, limit ${MAX_ZIP_ENTRIES}`);
  }
  if (cdOffset + cdSize > cdLimit) throw damaged('central directory runs past its end record');

  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  const decoder = new TextDecoder();
  let total = 0;
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cdOffset + cdSize || view.getUint32(p, true) !== SIG_CENTRAL) {
      throw damaged(`central directory record ${i} is missing`);
    }
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const next = p + 46 + nameLen + extraLen + commentLen;
    if (next > cdOffset + cdSize) throw damaged(`central directory record ${i} is cut off`);
    const nameBytes = bytes.subarray(p + 46, p + 46 + nameLen);
    const sizes = {
      size: view.getUint32(p + 24, true),
      compressedSize: view.getUint32(p + 20, true),
      headerOffset: view.getUint32(p + 42, true),
    };
    applyZip64Extra(view, p + 46 + nameLen, extraLen, sizes);
    const entry = {
      name: decoder.decode(nameBytes),
      nameBytes,
      flags: view.getUint16(p + 8, true),
      method: view.getUint16(p + 10, true),
      modTime: view.getUint16(p + 12, true),
      modDate: view.getUint16(p + 14, true),
      crc32: view.getUint32(p + 16, true),
      ...sizes,
      dataOffset: 0,
    };
    checkEntry(entry);
    // OPC part names compare case-insensitively; two entries with one name make readers disagree.
    const key = entry.name.toLowerCase();
    if (seen.has(key)) throw damaged(`duplicate entry ${entry.name}`);
    seen.add(key);
    total += entry.size;
    if (total > MAX_TOTAL_UNCOMPRESSED_BYTES) {
      throw new ZipError('too_large', `declared uncompressed total exceeds ${MAX_TOTAL_UNCOMPRESSED_BYTES} bytes`);
    }
    entry.dataOffset = locateData(view, entry, cdOffset);
    entries.push(entry);
    p = next;
  }
  checkArchiveRatio(total, bytes.length);
  checkNoOverlap(entries);
  return entries;
}

/** The stored bytes of an entry, still compressed. */
export function rawEntryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  return bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
}

/** Inflates one entry, never producing more than its declared size, and checks its CRC. */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const raw = rawEntryData(bytes, entry);
  let out: Uint8Array;
  if (entry.method === 0) {
    out = raw;
  } else {
    try {
      // Declared sizes can lie: zlib stops as soon as the output would pass the declared size.
      // One output buffer of the declared size and a byte: a part whose size is true inflates in
      // one piece, not in 16 KB chunks copied together again (a 25 MB body made 1,600 of them).
      // The declared size was held to the limits before anything was inflated.
      out = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size), chunkSize: Math.max(64, entry.size + 1) });
    } catch (e) {
      if ((e as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw damaged(`${entry.name} inflates past its declared ${entry.size} bytes`);
      throw damaged(`${entry.name} does not inflate: ${(e as Error).message}`);
    }
    if (out.length !== entry.size) throw damaged(`${entry.name} inflates to ${out.length}, declared ${entry.size}`);
  }
  if (crc32(out) !== entry.crc32) throw damaged(`${entry.name} fails its CRC check`);
  return out;
}

function findEndRecord(bytes: Uint8Array, view: DataView): number {
  const lowest = Math.max(0, bytes.length - END_SIZE - 0xffff);
  for (let p = bytes.length - END_SIZE; p >= lowest; p--) {
    if (bytes[p] !== 0x50 || view.getUint32(p, true) !== SIG_END) continue;
    // A signature inside the comment or the data would claim a comment running past the end.
    if (p + END_SIZE + view.getUint16(p + 20, true) <= bytes.length) return p;
  }
  throw damaged('no end of central directory record');
}

function readEnd64(view: DataView, end: number) {
  const loc = end - 20;
  if (loc < 0 || view.getUint32(loc, true) !== SIG_LOCATOR64) throw damaged('ZIP64 locator missing');
  const offset = readUint64(view, loc + 8);
  if (offset + 56 > loc || view.getUint32(offset, true) !== SIG_END64) throw damaged('ZIP64 end record missing');
  return {
    offset,
    count: readUint64(view, offset + 32),
    cdSize: readUint64(view, offset + 40),
    cdOffset: readUint64(view, offset + 48),
  };
}

function readUint64(view: DataView, p: number): number {
  const high = view.getUint32(p + 4, true);
  // Anything past 2^53 cannot be a real offset in an upload; treat it as damage, not a number.
  if (high > 0x1fffff) throw damaged('64-bit field out of range');
  return high * 0x1_0000_0000 + view.getUint32(p, true);
}

/** ZIP64 moves any 0xFFFFFFFF field into extra field 0x0001, in a fixed order. */
function applyZip64Extra(
  view: DataView,
  start: number,
  length: number,
  sizes: { size: number; compressedSize: number; headerOffset: number },
): void {
  for (let p = start; p + 4 <= start + length; ) {
    const id = view.getUint16(p, true);
    const len = view.getUint16(p + 2, true);
    if (p + 4 + len > start + length) break;
    if (id === 0x0001) {
      let q = p + 4;
      for (const key of ['size', 'compressedSize', 'headerOffset'] as const) {
        if (sizes[key] !== 0xffffffff) continue;
        if (q + 8 > p + 4 + len) throw damaged('ZIP64 extra field too short');
        sizes[key] = readUint64(view, q);
        q += 8;
      }
      return;
    }
    p += 4 + len;
  }
}

function checkEntry(e: Omit<ZipEntry, 'dataOffset'>): void {
  if (e.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) throw new ZipError('encrypted', `${e.name} is encrypted`);
  if (e.method !== 0 && e.method !== 8) throw damaged(`${e.name} uses compression method ${e.method}`);
  if (e.method === 0 && e.size !== e.compressedSize) throw damaged(`${e.name} is stored with two sizes`);
  // Checked on declared sizes before inflating anything; inflateEntry enforces them afterwards.
  if (e.size > RATIO_CHECK_MIN_BYTES && e.size > e.compressedSize * MAX_COMPRESSION_RATIO) {
    throw new ZipError('suspicious_ratio', `${e.name} declares a ${Math.round(e.size / Math.max(1, e.compressedSize))}:1 ratio`);
  }
}

/**
 * Many small parts are as much a bomb as one big one: the per-part check cannot see 190 parts of
 * 1 MB each, the sum over the whole archive can. inflateEntry holds every part to its declared
 * size, so the declared total is also the real one.
 */
function checkArchiveRatio(total: number, archiveBytes: number): void {
  if (total > ARCHIVE_RATIO_FLOOR_BYTES && total > archiveBytes * MAX_ARCHIVE_RATIO) {
    throw new ZipError('suspicious_ratio', `the archive declares ${total} bytes unpacked from ${archiveBytes} (${Math.round(total / Math.max(1, archiveBytes))}:1)`);
  }
}

function locateData(view: DataView, e: Omit<ZipEntry, 'dataOffset'>, cdOffset: number): number {
  const p = e.headerOffset;
  if (p + 30 > cdOffset || view.getUint32(p, true) !== SIG_LOCAL) throw damaged(`${e.name} has no local header`);
  const data = p + 30 + view.getUint16(p + 26, true) + view.getUint16(p + 28, true);
  if (data + e.compressedSize > cdOffset) throw damaged(`${e.name} runs into the central directory`);
  return data;
}

/** Overlapping entries are how the smallest ZIP bombs reuse one compressed stream many times. */
function checkNoOverlap(entries: readonly ZipEntry[]): void {
  const sorted = [...entries].sort((a, b) => a.headerOffset - b.headerOffset);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    if (prev.dataOffset + prev.compressedSize > sorted[i]!.headerOffset) {
      throw damaged(`${prev.name} overlaps ${sorted[i]!.name}`);
    }
  }
}
