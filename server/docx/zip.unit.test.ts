import { randomBytes } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_ZIP_ENTRIES } from './limits';
import { ZipError, inflateEntry, rawEntryData, readZipDirectory } from './zip-read';
import { writeZip } from './zip-write';

const MB = 1024 * 1024;

/** Offsets of the central-directory records, read from the end record fflate wrote. */
function centralRecords(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  const records: number[] = [];
  for (let p = view.getUint32(end + 16, true); p < end; ) {
    records.push(p);
    p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return records;
}

function patch(zip: Uint8Array, edit: (view: DataView, records: number[]) => void): Uint8Array {
  const copy = zip.slice();
  edit(new DataView(copy.buffer), centralRecords(copy));
  return copy;
}

function zipError(fn: () => unknown): ZipError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ZipError) return e;
    throw e;
  }
  throw new Error('expected a ZipError');
}

const readAll = (zip: Uint8Array) => readZipDirectory(zip).map((e) => inflateEntry(zip, e));

describe('readZipDirectory + inflateEntry', () => {
  it('reads what fflate wrote, stored and deflated, with CRCs checked', () => {
    const zip = zipSync({ 'a.xml': strToU8('<a/>'.repeat(100)), 'b.bin': [randomBytes(1000), { level: 0 }] });
    const entries = readZipDirectory(zip);
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['a.xml', 8],
      ['b.bin', 0],
    ]);
    expect(new TextDecoder().decode(inflateEntry(zip, entries[0]!))).toBe('<a/>'.repeat(100));
  });

  it('refuses a ZIP bomb by its declared ratio before inflating anything', () => {
    const zip = zipSync({ 'word/document.xml': new Uint8Array(50 * MB) });
    expect(zip.length).toBeLessThan(100 * 1024);
    expect(zipError(() => readZipDirectory(zip)).code).toBe('suspicious_ratio');
  });

  it('stops inflating as soon as an entry produces more than it declared', () => {
    // 10 MB of zeros that claims to be 1 KB: the declared ratio looks harmless.
    const zip = patch(zipSync({ 'x.xml': new Uint8Array(10 * MB) }), (view, [cd]) => view.setUint32(cd! + 24, 1024, true));
    const [entry] = readZipDirectory(zip);
    const e = zipError(() => inflateEntry(zip, entry!));
    expect(e.code).toBe('damaged');
    expect(e.message).toMatch(/past its declared 1024 bytes/);
  });

  it('refuses more declared uncompressed bytes in total than the limit', () => {
    const part = randomBytes(MB); // incompressible, so a 90 MB claim keeps a modest ratio
    const zip = patch(zipSync({ a: part, b: part, c: part }, { level: 1 }), (view, records) => {
      for (const cd of records) view.setUint32(cd + 24, 90 * MB, true);
    });
    expect(zipError(() => readZipDirectory(zip)).code).toBe('too_large');
  });

  it(`refuses more than ${MAX_ZIP_ENTRIES} entries`, () => {
    const files = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`f${i}.xml`, strToU8('x')]));
    expect(zipError(() => readZipDirectory(zipSync(files))).code).toBe('too_many_entries');
  });

  it('reports a CRC mismatch as damage', () => {
    const zip = patch(zipSync({ 'a.xml': strToU8('<a/>') }), (view, [cd]) => view.setUint32(cd! + 16, 0xdeadbeef, true));
    expect(zipError(() => readAll(zip)).message).toMatch(/CRC/);
  });

  it('checks the CRC of a stored entry too, whose bytes are used as they lie in the file', () => {
    const picture = randomBytes(100_000);
    const zip = zipSync({ 'p.png': [picture, { level: 0 }] });
    const [entry] = readZipDirectory(zip);
    expect(Buffer.from(inflateEntry(zip, entry!)).equals(picture)).toBe(true);
    const flipped = zip.slice();
    flipped[entry!.dataOffset + 50_000]! ^= 1;
    expect(zipError(() => readAll(flipped)).message).toMatch(/p.png fails its CRC check/);
  });

  it('reports an entry that inflates to fewer bytes than it declares as damage', () => {
    const zip = patch(zipSync({ 'x.xml': strToU8('<a/>'.repeat(1000)) }), (view, [cd]) => view.setUint32(cd! + 24, 4001, true));
    expect(zipError(() => readAll(zip)).message).toMatch(/inflates to 4000, declared 4001/);
  });

  it.each([
    ['cut in half', (z: Uint8Array) => z.subarray(0, z.length >> 1)],
    ['missing its last byte', (z: Uint8Array) => z.subarray(0, z.length - 1)],
    ['with a central directory offset past the end', (z: Uint8Array) => patch(z, (v) => v.setUint32(z.length - 22 + 16, 0x7fffffff, true))],
    ['with a local header offset into nowhere', (z: Uint8Array) => patch(z, (v, [cd]) => v.setUint32(cd! + 42, 3, true))],
    ['with a compressed size running into the directory', (z: Uint8Array) => patch(z, (v, [cd]) => v.setUint32(cd! + 20, 1_000_000, true))],
    ['with an unknown compression method', (z: Uint8Array) => patch(z, (v, [cd]) => v.setUint16(cd! + 10, 14, true))],
  ])('reports a ZIP %s as damaged', (_, corrupt) => {
    const zip = zipSync({ 'a.xml': strToU8('<a>hello</a>'.repeat(50)), 'b.xml': strToU8('<b/>') });
    expect(zipError(() => readAll(corrupt(zip))).code).toBe('damaged');
  });

  it('refuses entries that overlap, the trick behind the smallest ZIP bombs', () => {
    const zip = patch(zipSync({ 'a.xml': strToU8('<a/>'), 'b.xml': strToU8('<a/>') }), (view, [first, second]) =>
      view.setUint32(second! + 42, view.getUint32(first! + 42, true), true),
    );
    expect(zipError(() => readZipDirectory(zip)).message).toMatch(/overlaps/);
  });

  it('refuses two entries whose names differ only in case (OPC part names are case-insensitive)', () => {
    const zip = zipSync({ 'word/document.xml': strToU8('<a/>'), 'Word/Document.xml': strToU8('<b/>') });
    expect(zipError(() => readZipDirectory(zip)).message).toMatch(/duplicate/);
  });

  it('refuses entries with the encryption flag', () => {
    const zip = patch(zipSync({ 'a.xml': strToU8('<a/>') }), (view, [cd]) => view.setUint16(cd! + 8, 1, true));
    expect(zipError(() => readZipDirectory(zip)).code).toBe('encrypted');
  });
});

describe('writeZip', () => {
  const original = zipSync(
    { 'keep.bin': [randomBytes(5000), { level: 0 }], 'keep.xml': strToU8('<k/>'.repeat(500)), 'edit.xml': strToU8('<old/>') },
    { mtime: new Date('2020-01-02T03:04:06Z') },
  );

  it('copies unchanged entries still compressed, byte for byte, and deflates replaced ones', () => {
    const entries = readZipDirectory(original);
    const out = writeZip(original, entries, new Map([['edit.xml', strToU8('<new/>')]]));
    const reread = readZipDirectory(out);
    expect(reread.map((e) => e.name)).toEqual(['keep.bin', 'keep.xml', 'edit.xml']);
    for (const name of ['keep.bin', 'keep.xml']) {
      const before = entries.find((e) => e.name === name)!;
      const after = reread.find((e) => e.name === name)!;
      expect(rawEntryData(out, after)).toEqual(rawEntryData(original, before));
      expect([after.crc32, after.modDate, after.modTime]).toEqual([before.crc32, before.modDate, before.modTime]);
    }
    expect(new TextDecoder().decode(inflateEntry(out, reread[2]!))).toBe('<new/>');
    // A second, independent reader agrees.
    expect(Object.keys(unzipSync(out))).toEqual(['keep.bin', 'keep.xml', 'edit.xml']);
  });

  it('writes no extra fields or comments, whatever the upload carried in them', () => {
    const withHidden = zipSync({ 'a.xml': [strToU8('<a/>'), { comment: 'x'.repeat(1000), extra: { 0xcafe: randomBytes(2000) } }] });
    const out = writeZip(withHidden, readZipDirectory(withHidden), new Map());
    expect(out.length).toBe(30 + 46 + 2 * 'a.xml'.length + readZipDirectory(withHidden)[0]!.compressedSize + 22);
    expect(readAll(out)).toEqual(readAll(withHidden));
  });
});
