/**
 * Just enough of the OLE compound file format (MS-CFB) to tell apart what users rename to .docx:
 * an encrypted Office 2007+ document (Word wraps the real ZIP in an OLE file with EncryptionInfo
 * and EncryptedPackage streams), a Word 97-2003 .doc, other old Office files.
 */

export const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

export type OleKind = 'encrypted-package' | 'encrypted-doc' | 'doc' | 'xls' | 'ppt' | 'other';

const FREE_OR_END = 0xfffffffa; // sector numbers at or above this are markers, not sectors
const DIR_ENTRY = 128;

export function isOle(bytes: Uint8Array): boolean {
  return OLE_MAGIC.every((b, i) => bytes[i] === b);
}

/** Never throws: a container too damaged to walk falls back to searching for the stream names. */
export function classifyOle(bytes: Uint8Array): OleKind {
  let names: Map<string, number>;
  try {
    names = readDirectory(bytes);
  } catch {
    names = new Map(FALLBACK_NAMES.filter((n) => containsUtf16(bytes, n)).map((n) => [n, -1]));
  }
  if (names.has('EncryptedPackage') || names.has('EncryptionInfo')) return 'encrypted-package';
  const wordStart = names.get('WordDocument');
  if (wordStart !== undefined) return isEncryptedWordStream(bytes, wordStart) ? 'encrypted-doc' : 'doc';
  if (names.has('Workbook') || names.has('Book')) return 'xls';
  if (names.has('PowerPoint Document')) return 'ppt';
  return 'other';
}

const FALLBACK_NAMES = ['EncryptedPackage', 'EncryptionInfo', 'WordDocument', 'Workbook', 'PowerPoint Document'];

/** Stream name -> first sector, read from the directory chain. Throws on anything inconsistent. */
function readDirectory(bytes: Uint8Array): Map<string, number> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) throw new Error('bad sector size');
  const sectorSize = 1 << shift;
  const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize);
  const sectorAt = (n: number) => {
    if (n >= sectorCount) throw new Error('sector out of range');
    return (n + 1) * sectorSize;
  };
  // The FAT sectors listed in the header cover any file up to ~7 MB (512-byte sectors); a
  // directory beyond that is not worth following DIFAT sectors for, the fallback handles it.
  const fat: number[] = [];
  for (let i = 0; i < 109; i++) {
    const s = view.getUint32(0x4c + i * 4, true);
    if (s >= FREE_OR_END) break;
    const at = sectorAt(s);
    for (let j = 0; j < sectorSize; j += 4) fat.push(view.getUint32(at + j, true));
  }
  const names = new Map<string, number>();
  let sector = view.getUint32(0x30, true);
  // Bounded by the sector count, so a FAT cycle cannot loop forever.
  for (let hops = 0; sector < FREE_OR_END; hops++) {
    if (hops > sectorCount) throw new Error('directory chain loops');
    const at = sectorAt(sector);
    for (let e = at; e < at + sectorSize; e += DIR_ENTRY) {
      const nameBytes = Math.min(view.getUint16(e + 0x40, true), 64);
      const type = bytes[e + 0x42];
      if (nameBytes < 2 || (type !== 1 && type !== 2 && type !== 5)) continue;
      let name = '';
      for (let k = 0; k + 2 < nameBytes; k += 2) name += String.fromCharCode(view.getUint16(e + k, true));
      names.set(name, view.getUint32(e + 0x74, true));
    }
    const next = fat[sector];
    if (next === undefined) throw new Error('directory sector missing from FAT');
    sector = next;
  }
  return names;
}

/** A .doc protected with a password to open sets fEncrypted in the FIB at the stream's start. */
function isEncryptedWordStream(bytes: Uint8Array, startSector: number): boolean {
  if (startSector < 0) return false;
  const shift = bytes[0x1e] === 12 ? 12 : 9;
  const at = (startSector + 1) * (1 << shift);
  if (at + 12 > bytes.length) return false;
  const flags = bytes[at + 0x0a]! | (bytes[at + 0x0b]! << 8);
  return (flags & 0x0100) !== 0;
}

function containsUtf16(bytes: Uint8Array, text: string): boolean {
  const needle = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) needle[i * 2] = text.charCodeAt(i);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle) >= 0;
}
