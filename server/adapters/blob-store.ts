/**
 * Where document bytes live. The database holds the metadata and the key; the store holds the
 * bytes under that key. Keys are random, never derived from a user's file name, so a name can
 * neither collide with nor point at another file.
 *
 * The interface is deliberately the intersection of what a local disk and an S3-compatible bucket
 * both do well: whole-object put/get, a stream for downloads, idempotent delete, existence and a
 * paginated listing. The S3 implementation (s3-blob-store.ts) maps these to PutObject (the object
 * only appears once the upload completes, which gives the same all-or-nothing guarantee as rename),
 * GetObject, DeleteObject, HeadObject (exists, stat), ListObjectsV2 and HeadBucket (ping); it
 * never starts a multipart upload, so its cleanupTemp() has nothing to remove. Nothing here may
 * assume a file system path, so callers stay portable.
 */
import { createHash, randomUUID } from 'node:crypto';
import { constants as fsConstants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export type StoredBlob = { key: string; sha256: string; size: number };
export type BlobStat = { size: number; modifiedAt: Date };

export type BlobStore = {
  /** Resolves only once the bytes are durable: a crash after this cannot lose them. */
  put(bytes: Uint8Array): Promise<StoredBlob>;
  /** Throws BlobNotFoundError for a well-formed key with nothing behind it. */
  get(key: string): Promise<Uint8Array>;
  /**
   * Opens the blob before resolving, so a missing blob rejects here rather than midway through
   * an HTTP response whose headers have already gone out.
   */
  stream(key: string): Promise<Readable>;
  /** Idempotent: deleting a missing blob succeeds, so a retried cleanup never fails. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Size and last write time, or null when missing. The write time lets a reconciler leave alone
   * a blob whose database row is still being committed, instead of deleting it as an orphan.
   */
  stat(key: string): Promise<BlobStat | null>;
  /** Every stored key, no temporary files; used to reconcile the store with database rows. */
  list(): AsyncIterable<string>;
  /** Removes what a crashed write left behind; returns how many were removed. Run at boot. */
  cleanupTemp(): Promise<number>;
  /**
   * Resolves when the store can take a write, rejects when it cannot. For readiness checks, which
   * run every second: one cheap request or file system call, and no blob read or written.
   */
  ping(): Promise<void>;
};

export class InvalidBlobKeyError extends Error {
  readonly code = 'invalid_blob_key';
  constructor(key: string) {
    // Truncated: the value may be attacker-controlled and end up in a log line.
    super(`Invalid blob key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

export class BlobNotFoundError extends Error {
  readonly code = 'blob_not_found';
  constructor(readonly key: string) {
    super(`Blob not found: ${key}`);
  }
}

// crypto.randomUUID output, lower case. Anything else (dots, slashes, upper case, padding) is
// refused before it gets near a path, which closes path traversal by construction.
const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const FANOUT_PATTERN = /^[0-9a-f]{2}$/;
const TEMP_DIR = 'tmp';

export function isBlobKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new InvalidBlobKeyError(String(key));
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Hashed a slice at a time: 10 MB in one call holds the event loop for tens of milliseconds. */
const HASH_SLICE_BYTES = 256 * 1024;

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < bytes.byteLength; at += HASH_SLICE_BYTES) {
    hash.update(bytes.subarray(at, at + HASH_SLICE_BYTES));
    if (at + HASH_SLICE_BYTES < bytes.byteLength) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return hash.digest('hex');
}

/**
 * A rename or unlink is only durable once the directory holding the entry is flushed; without
 * this, a power cut can bring back the old directory listing even though the file data was synced.
 */
async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The file at `file`, new, with `bytes`, on disk (fsync'd) before this resolves. */
async function writeDurably(file: string, bytes: Uint8Array): Promise<void> {
  const handle = await fs.open(file, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files live at `<dir>/<first two key chars>/<key>`; 256 subfolders keep directory listings short
 * at hundreds of thousands of blobs. Writes are staged in `<dir>/tmp`, on the same file system,
 * so the final rename is atomic: after a kill -9 the final path holds the whole file or nothing.
 */
export async function createDiskBlobStore(dir: string): Promise<BlobStore> {
  const root = path.resolve(dir);
  const tempDir = path.join(root, TEMP_DIR);
  await fs.mkdir(tempDir, { recursive: true });
  // Temp files of this process's writes still in flight, so cleanupTemp never pulls one away
  // from under a running put.
  const inFlight = new Set<string>();

  const pathOf = (key: string) => path.join(root, key.slice(0, 2), key);

  async function put(bytes: Uint8Array): Promise<StoredBlob> {
    const key = randomUUID();
    const tempName = `${key}.tmp`;
    const tempPath = path.join(tempDir, tempName);
    const finalPath = pathOf(key);
    inFlight.add(tempName);
    try {
      // Hashed on the event loop while the thread pool writes and syncs (each takes tens of
      // milliseconds for 10 MB), so a put takes the longer of the two rather than their sum.
      const [sha256] = await Promise.all([sha256Hex(bytes), writeDurably(tempPath, bytes)]);
      const created = await fs.mkdir(path.dirname(finalPath), { recursive: true });
      if (created !== undefined) await fsyncDir(root);
      await fs.rename(tempPath, finalPath);
      await fsyncDir(path.dirname(finalPath));
      return { key, sha256, size: bytes.byteLength };
    } catch (err) {
      await fs.rm(tempPath, { force: true }).catch(() => undefined);
      throw err;
    } finally {
      inFlight.delete(tempName);
    }
  }

  async function get(key: string): Promise<Uint8Array> {
    assertBlobKey(key);
    try {
      const buffer = await fs.readFile(pathOf(key));
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async function stream(key: string): Promise<Readable> {
    assertBlobKey(key);
    try {
      const handle = await fs.open(pathOf(key), 'r');
      return handle.createReadStream(); // closes the handle when the stream ends or is destroyed
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async function remove(key: string): Promise<void> {
    assertBlobKey(key);
    try {
      await fs.unlink(pathOf(key));
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    await fsyncDir(path.dirname(pathOf(key)));
  }

  async function exists(key: string): Promise<boolean> {
    assertBlobKey(key);
    try {
      return (await fs.stat(pathOf(key))).isFile();
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async function stat(key: string): Promise<BlobStat | null> {
    assertBlobKey(key);
    try {
      const info = await fs.stat(pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function* list(): AsyncGenerator<string> {
    const shards = await fs.readdir(root, { withFileTypes: true });
    for (const shard of shards) {
      if (!shard.isDirectory() || !FANOUT_PATTERN.test(shard.name)) continue;
      const entries = await fs.readdir(path.join(root, shard.name), { withFileTypes: true });
      for (const entry of entries) {
        // Only what put() could have produced there; anything else is not a blob.
        if (entry.isFile() && isBlobKey(entry.name) && entry.name.startsWith(shard.name)) yield entry.name;
      }
    }
  }

  async function cleanupTemp(): Promise<number> {
    let removed = 0;
    for (const name of await fs.readdir(tempDir)) {
      if (inFlight.has(name)) continue;
      await fs.rm(path.join(tempDir, name), { force: true, recursive: true });
      removed += 1;
    }
    return removed;
  }

  /**
   * The staging folder is where every put() starts, so it is what has to be there and writable: a
   * root that was unmounted, removed or replaced by a file fails here, as the next upload would.
   */
  async function ping(): Promise<void> {
    const info = await fs.stat(tempDir);
    if (!info.isDirectory()) throw new Error(`Blob store staging folder ${tempDir} is not a directory`);
    await fs.access(tempDir, fsConstants.W_OK);
  }

  return { put, get, stream, delete: remove, exists, stat, list, cleanupTemp, ping };
}
