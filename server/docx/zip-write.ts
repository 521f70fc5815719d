import { crc32 } from 'node:zlib';
import { deflateSegmented } from './deflate-segments';
import { type ZipEntry, rawEntryData } from './zip-read';

const FLAG_UTF8_NAME = 0x0800;
const VERSION = 20; // 2.0: deflate, no ZIP64 (sizes are capped far below 4 GB)

/**
 * Writes a new archive with the entries in their original order. Unchanged entries are copied
 * still compressed, byte for byte, so their content cannot change; replaced ones are deflated
 * afresh. Headers are rebuilt from the checked central directory, which drops anything an upload
 * could hide in a ZIP outside its entries (prepended data, gaps, comments, data descriptors).
 */
export function writeZip(
  archive: Uint8Array,
  entries: readonly ZipEntry[],
  replaced: ReadonlyMap<string, Uint8Array>,
): Uint8Array {
  const items = entries.map((entry) => {
    const fresh = replaced.get(entry.name);
    if (!fresh) {
      return { entry, flags: entry.flags & FLAG_UTF8_NAME, method: entry.method, crc: entry.crc32, size: entry.size, data: rawEntryData(archive, entry) };
    }
    const data = deflateSegmented(fresh);
    return { entry, flags: entry.flags & FLAG_UTF8_NAME, method: 8, crc: crc32(fresh), size: fresh.length, data };
  });

  let length = 22;
  for (const it of items) length += 30 + 46 + 2 * it.entry.nameBytes.length + it.data.length;
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  const offsets: number[] = [];
  let p = 0;

  const header = (sig: number, central: boolean, it: (typeof items)[number], offset: number) => {
    view.setUint32(p, sig, true);
    p += 4;
    if (central) {
      view.setUint16(p, VERSION, true); // version made by: MS-DOS, like Word
      p += 2;
    }
    for (const v of [VERSION, it.flags, it.method, it.entry.modTime, it.entry.modDate]) {
      view.setUint16(p, v, true);
      p += 2;
    }
    for (const v of [it.crc, it.data.length, it.size]) {
      view.setUint32(p, v, true);
      p += 4;
    }
    view.setUint16(p, it.entry.nameBytes.length, true);
    view.setUint16(p + 2, 0, true); // extra field length
    p += 4;
    if (central) {
      p += 10; // comment length, disk, internal attributes (2 bytes each), external attributes (4): all 0
      view.setUint32(p, offset, true);
      p += 4;
    }
    out.set(it.entry.nameBytes, p);
    p += it.entry.nameBytes.length;
  };

  for (const it of items) {
    offsets.push(p);
    header(0x04034b50, false, it, 0);
    out.set(it.data, p);
    p += it.data.length;
  }
  const cdStart = p;
  items.forEach((it, i) => header(0x02014b50, true, it, offsets[i]!));
  view.setUint32(p, 0x06054b50, true);
  view.setUint16(p + 8, items.length, true);
  view.setUint16(p + 10, items.length, true);
  view.setUint32(p + 12, p - cdStart, true);
  view.setUint32(p + 16, cdStart, true);
  return out;
}
