import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { concatBytes } from '../bytes';

/**
 * Test support: an OLE compound file (MS-CFB, version 3, 512-byte sectors) written with a real
 * header, FAT, directory, mini FAT and mini stream, so a reader that walks the directory finds its
 * streams; and a .docx password-protected the way Word does it, an ECMA-376 "standard
 * encryption" package (MS-OFFCRYPTO 2.3.4.5: AES-128, SHA-1 key derivation) in EncryptionInfo and
 * EncryptedPackage streams, which decrypts with the password. Not used by the upload pipeline.
 */

const SECTOR = 512;
const MINI_SECTOR = 64;
const MINI_STREAM_CUTOFF = 4096;
const ENTRY = 128;
const FREESECT = 0xffffffff;
const ENDOFCHAIN = 0xfffffffe;
const FATSECT = 0xfffffffd;
const NOSTREAM = 0xffffffff;

/** A compound file whose root storage holds these streams (name -> bytes), in this order on disk. */
export function compoundFile(streams: Readonly<Record<string, Uint8Array>>): Uint8Array {
  const list = Object.entries(streams).map(([name, data]) => ({ name, data, start: ENDOFCHAIN }));
  if (list.length === 0) throw new Error('a compound file needs a stream');
  for (const s of list) if (s.name.length > 31) throw new Error(`stream name ${s.name} is longer than 31 characters`);

  // Small streams live in the mini stream (64-byte sectors), itself a chain of ordinary sectors.
  const mini = list.filter((s) => s.data.length < MINI_STREAM_CUTOFF);
  const big = list.filter((s) => s.data.length >= MINI_STREAM_CUTOFF);
  const miniFat: number[] = [];
  const miniChunks: Uint8Array[] = [];
  for (const s of mini) {
    const count = Math.ceil(s.data.length / MINI_SECTOR);
    s.start = count === 0 ? ENDOFCHAIN : miniFat.length;
    for (let i = 0; i < count; i++) miniFat.push(i === count - 1 ? ENDOFCHAIN : miniFat.length + 1);
    miniChunks.push(padTo(s.data, MINI_SECTOR));
  }
  const miniStream = concatBytes(miniChunks);

  const dirSectors = Math.ceil(((list.length + 1) * ENTRY) / SECTOR);
  const miniFatSectors = Math.ceil((miniFat.length * 4) / SECTOR);
  const miniStreamSectors = Math.ceil(miniStream.length / SECTOR);
  const bigSectors = big.map((s) => Math.ceil(s.data.length / SECTOR));
  const dataSectors = dirSectors + miniFatSectors + miniStreamSectors + bigSectors.reduce((a, b) => a + b, 0);
  // The FAT covers itself too.
  let fatSectors = 1;
  while (fatSectors * (SECTOR / 4) < fatSectors + dataSectors) fatSectors++;
  if (fatSectors > 109) throw new Error('too large for a compound file without DIFAT sectors');

  const fat: number[] = [];
  const chain = (count: number): number => {
    if (count === 0) return ENDOFCHAIN;
    const first = fat.length;
    for (let i = 0; i < count; i++) fat.push(i === count - 1 ? ENDOFCHAIN : fat.length + 1);
    return first;
  };
  for (let i = 0; i < fatSectors; i++) fat.push(FATSECT);
  const dirStart = chain(dirSectors);
  const miniFatStart = chain(miniFatSectors);
  const miniStreamStart = chain(miniStreamSectors);
  big.forEach((s, i) => (s.start = chain(bigSectors[i]!)));
  const totalSectors = fat.length;
  while (fat.length < fatSectors * (SECTOR / 4)) fat.push(FREESECT);

  const out = new Uint8Array(SECTOR * (1 + totalSectors));
  const view = new DataView(out.buffer);
  // Header (MS-CFB 2.2).
  out.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  view.setUint16(0x18, 0x003e, true); // minor version
  view.setUint16(0x1a, 0x0003, true); // major version 3
  view.setUint16(0x1c, 0xfffe, true); // little-endian
  view.setUint16(0x1e, 9, true); // 512-byte sectors
  view.setUint16(0x20, 6, true); // 64-byte mini sectors
  view.setUint32(0x2c, fatSectors, true);
  view.setUint32(0x30, dirStart, true);
  view.setUint32(0x38, MINI_STREAM_CUTOFF, true);
  view.setUint32(0x3c, miniFatSectors ? miniFatStart : ENDOFCHAIN, true);
  view.setUint32(0x40, miniFatSectors, true);
  view.setUint32(0x44, ENDOFCHAIN, true); // no DIFAT sectors
  for (let i = 0; i < 109; i++) view.setUint32(0x4c + i * 4, i < fatSectors ? i : FREESECT, true);

  const sectorAt = (n: number) => SECTOR * (n + 1);
  fat.forEach((v, i) => view.setUint32(sectorAt(0) + i * 4, v, true)); // the FAT sectors are 0..fatSectors-1, contiguous

  // Directory: the root entry, then one entry per stream, as a red-black tree under the root.
  const tree = siblingTree(list.map((s) => s.name));
  const dir = sectorAt(dirStart);
  writeEntry(view, out, dir, { name: 'Root Entry', type: 5, child: tree.root + 1, left: NOSTREAM, right: NOSTREAM, red: false, start: miniStream.length ? miniStreamStart : ENDOFCHAIN, size: miniStream.length });
  list.forEach((s, i) => {
    const node = tree.nodes[i]!;
    writeEntry(view, out, dir + (i + 1) * ENTRY, { name: s.name, type: 2, child: NOSTREAM, left: node.left, right: node.right, red: node.red, start: s.start, size: s.data.length });
  });
  for (let i = list.length + 1; i < (dirSectors * SECTOR) / ENTRY; i++) {
    const at = dir + i * ENTRY;
    view.setUint32(at + 0x44, NOSTREAM, true);
    view.setUint32(at + 0x48, NOSTREAM, true);
    view.setUint32(at + 0x4c, NOSTREAM, true);
  }
  miniFat.forEach((v, i) => view.setUint32(sectorAt(miniFatStart) + i * 4, v, true));
  for (let i = miniFat.length; i < (miniFatSectors * SECTOR) / 4; i++) view.setUint32(sectorAt(miniFatStart) + i * 4, FREESECT, true);
  if (miniStream.length) out.set(miniStream, sectorAt(miniStreamStart));
  for (const s of big) out.set(s.data, sectorAt(s.start));
  return out;
}

interface Entry {
  name: string;
  type: 2 | 5;
  child: number;
  left: number;
  right: number;
  red: boolean;
  start: number;
  size: number;
}

function writeEntry(view: DataView, out: Uint8Array, at: number, e: Entry): void {
  for (let i = 0; i < e.name.length; i++) view.setUint16(at + i * 2, e.name.charCodeAt(i), true);
  view.setUint16(at + 0x40, (e.name.length + 1) * 2, true); // with the terminating NUL
  out[at + 0x42] = e.type;
  out[at + 0x43] = e.red ? 0 : 1;
  view.setUint32(at + 0x44, e.left, true);
  view.setUint32(at + 0x48, e.right, true);
  view.setUint32(at + 0x4c, e.child, true);
  view.setUint32(at + 0x74, e.start, true);
  view.setUint32(at + 0x78, e.size, true); // the high half stays 0 (version 3)
}

/**
 * The streams (directory ids 1..n) as a balanced binary tree in MS-CFB's order (shorter names
 * first, then by upper-cased name), the nodes of an incomplete last level red: a valid red-black tree.
 */
function siblingTree(names: readonly string[]): { root: number; nodes: { left: number; right: number; red: boolean }[] } {
  const order = names.map((_, i) => i).sort((a, b) => names[a]!.length - names[b]!.length || (names[a]!.toUpperCase() < names[b]!.toUpperCase() ? -1 : 1));
  const nodes = names.map(() => ({ left: NOSTREAM, right: NOSTREAM, red: false, depth: 0 }));
  const build = (lo: number, hi: number, depth: number): number => {
    if (lo > hi) return -1;
    const mid = (lo + hi) >> 1;
    const i = order[mid]!;
    nodes[i]!.depth = depth;
    const left = build(lo, mid - 1, depth + 1);
    const right = build(mid + 1, hi, depth + 1);
    if (left >= 0) nodes[i]!.left = left + 1;
    if (right >= 0) nodes[i]!.right = right + 1;
    return i;
  };
  const root = build(0, names.length - 1, 0);
  const deepest = Math.max(...nodes.map((n) => n.depth));
  const perfect = names.length === 2 ** (deepest + 1) - 1;
  for (const n of nodes) n.red = !perfect && n.depth === deepest;
  return { root, nodes };
}

/** The streams Word writes for a document protected with a password to open (without the optional DataSpaces storage). */
export function encryptedDocx(docx: Uint8Array, password: string, seed: Uint8Array): Uint8Array {
  const { info, pkg } = standardEncryption(docx, password, seed);
  return compoundFile({ EncryptionInfo: info, EncryptedPackage: pkg });
}

const CSP_NAME = 'Microsoft Enhanced RSA and AES Cryptographic Provider';
const FLAGS = 0x24; // fCryptoAPI | fAES

/**
 * MS-OFFCRYPTO 2.3.4.5-2.3.4.8: the EncryptionInfo stream (version 4.2, AES-128, SHA-1) and the
 * EncryptedPackage stream (the package's size, then the package in AES-128-ECB). `seed` gives the
 * salt and the verifier (32 bytes), so the output is the same on every run.
 */
export function standardEncryption(docx: Uint8Array, password: string, seed: Uint8Array): { info: Uint8Array; pkg: Uint8Array } {
  if (seed.length < 32) throw new Error('the seed gives a 16-byte salt and a 16-byte verifier');
  const salt = seed.subarray(0, 16);
  const verifier = seed.subarray(16, 32);
  const key = standardKey(password, salt);

  const csp = Buffer.from(`${CSP_NAME}\0`, 'utf16le');
  const header = Buffer.alloc(32 + csp.length);
  header.writeUInt32LE(FLAGS, 0);
  header.writeUInt32LE(0, 4); // SizeExtra
  header.writeUInt32LE(0x660e, 8); // AES-128
  header.writeUInt32LE(0x8004, 12); // SHA-1
  header.writeUInt32LE(128, 16); // key bits
  header.writeUInt32LE(0x18, 20); // PROV_RSA_AES
  csp.copy(header, 32);
  const verifierHash = Buffer.concat([createHash('sha1').update(verifier).digest(), Buffer.alloc(12)]);
  const head = Buffer.alloc(12);
  head.writeUInt16LE(4, 0);
  head.writeUInt16LE(2, 2);
  head.writeUInt32LE(FLAGS, 4);
  head.writeUInt32LE(header.length, 8);
  const sizes = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n, 0);
    return b;
  };
  const info = Buffer.concat([head, header, sizes(16), salt, aesEcb(key, verifier), sizes(20), aesEcb(key, verifierHash)]);

  const size = Buffer.alloc(8);
  size.writeBigUInt64LE(BigInt(docx.length), 0);
  const pkg = Buffer.concat([size, aesEcb(key, padTo(docx, 16))]);
  return { info: new Uint8Array(info), pkg: new Uint8Array(pkg) };
}

/** MS-OFFCRYPTO 2.3.4.7: SHA-1 over salt and password, 50,000 rounds, then the CryptDeriveKey step. */
export function standardKey(password: string, salt: Uint8Array): Buffer {
  const sha1 = (...parts: Uint8Array[]) => {
    const h = createHash('sha1');
    for (const p of parts) h.update(p);
    return h.digest();
  };
  let h = sha1(salt, Buffer.from(password, 'utf16le'));
  const iterator = Buffer.alloc(4);
  for (let i = 0; i < 50_000; i++) {
    iterator.writeUInt32LE(i, 0);
    h = sha1(iterator, h);
  }
  const final = sha1(h, Buffer.alloc(4)); // block 0
  const derive = (fill: number) => {
    const buf = Buffer.alloc(64, fill);
    for (let i = 0; i < final.length; i++) buf[i]! ^= final[i]!;
    return sha1(buf);
  };
  return Buffer.concat([derive(0x36), derive(0x5c)]).subarray(0, 16);
}

function aesEcb(key: Uint8Array, data: Uint8Array): Buffer {
  const cipher = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

function padTo(data: Uint8Array, block: number): Uint8Array {
  const padded = new Uint8Array(Math.ceil(data.length / block) * block);
  padded.set(data);
  return padded;
}

/**
 * Reads a compound file back the long way (header, FAT, directory, mini FAT, mini stream), apart
 * from server/docx/ole.ts: stream name -> bytes, for tests of what compoundFile wrote. Version 3
 * files without DIFAT sectors only; throws on anything else.
 */
export function readCompoundFile(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint16(0x1a, true) !== 3 || view.getUint16(0x1e, true) !== 9) throw new Error('not a version 3 compound file');
  const sector = (n: number) => bytes.subarray(SECTOR * (n + 1), SECTOR * (n + 2));
  const fat: number[] = [];
  for (let i = 0; i < view.getUint32(0x2c, true); i++) {
    const s = sector(view.getUint32(0x4c + i * 4, true));
    for (let j = 0; j < SECTOR; j += 4) fat.push(s[j]! | (s[j + 1]! << 8) | (s[j + 2]! << 16) | (s[j + 3]! << 24));
  }
  const follow = (start: number, table: readonly number[], read: (n: number) => Uint8Array) => {
    const chunks: Uint8Array[] = [];
    for (let n = start >>> 0, hops = 0; n !== ENDOFCHAIN; n = table[n]! >>> 0) {
      if (hops++ > table.length || n >= table.length) throw new Error('broken chain');
      chunks.push(read(n));
    }
    return concatBytes(chunks);
  };
  const dir = follow(view.getUint32(0x30, true), fat, sector);
  const dirView = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
  const entry = (i: number) => {
    const at = i * ENTRY;
    const nameLength = dirView.getUint16(at + 0x40, true);
    const name = String.fromCharCode(...Array.from({ length: Math.max(0, nameLength / 2 - 1) }, (_, k) => dirView.getUint16(at + k * 2, true)));
    return { name, type: dir[at + 0x42]!, left: dirView.getUint32(at + 0x44, true), right: dirView.getUint32(at + 0x48, true), child: dirView.getUint32(at + 0x4c, true), start: dirView.getUint32(at + 0x74, true), size: dirView.getUint32(at + 0x78, true) };
  };
  const root = entry(0);
  if (root.type !== 5) throw new Error('the first directory entry is not the root');
  const miniStream = follow(root.start, fat, sector);
  const miniFat = view.getUint32(0x40, true) === 0 ? [] : Array.from(new Uint32Array(follow(view.getUint32(0x3c, true), fat, sector).slice().buffer));
  const streams = new Map<string, Uint8Array>();
  // The root's children: a binary tree through left and right siblings.
  const visit = (id: number) => {
    if (id === NOSTREAM) return;
    const e = entry(id);
    visit(e.left);
    if (e.type !== 2) throw new Error(`${e.name} is not a stream`);
    const data = e.size < MINI_STREAM_CUTOFF ? follow(e.start, miniFat, (n) => miniStream.subarray(n * MINI_SECTOR, (n + 1) * MINI_SECTOR)) : follow(e.start, fat, sector);
    streams.set(e.name, data.subarray(0, e.size));
    visit(e.right);
  };
  visit(root.child);
  return streams;
}

/** The package inside standardEncryption's streams, if the password is right; undefined if not. */
export function decryptStandard(info: Uint8Array, pkg: Uint8Array, password: string): Uint8Array | undefined {
  const b = Buffer.from(info.buffer, info.byteOffset, info.byteLength);
  const headerSize = b.readUInt32LE(8);
  const verifierAt = 12 + headerSize;
  const salt = b.subarray(verifierAt + 4, verifierAt + 20);
  const key = standardKey(password, salt);
  const decipher = (data: Uint8Array) => {
    const d = createDecipheriv('aes-128-ecb', key, null).setAutoPadding(false);
    return Buffer.concat([d.update(data), d.final()]);
  };
  const verifier = decipher(b.subarray(verifierAt + 20, verifierAt + 36));
  const hash = decipher(b.subarray(verifierAt + 40, verifierAt + 72)).subarray(0, 20);
  if (!createHash('sha1').update(verifier).digest().equals(hash)) return undefined;
  const size = Number(Buffer.from(pkg.buffer, pkg.byteOffset, 8).readBigUInt64LE(0));
  return new Uint8Array(decipher(pkg.subarray(8)).subarray(0, size));
}
