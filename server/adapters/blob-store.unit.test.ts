import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, createDiskBlobStore, InvalidBlobKeyError, sha256Hex } from './blob-store';

let dir: string;
let store: BlobStore;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'redraft-blobs-'));
  store = await createDiskBlobStore(dir);
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function listKeys(s: BlobStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of s.list()) keys.push(key);
  return keys.sort();
}

describe('disk blob store', () => {
  it('returns exactly the bytes that were put, with their hash and size', async () => {
    const bytes = new Uint8Array(randomBytes(100_000));
    const stored = await store.put(bytes);

    expect(stored.size).toBe(bytes.byteLength);
    expect(stored.sha256).toBe(sha256(bytes));
    expect(Buffer.from(await store.get(stored.key)).equals(Buffer.from(bytes))).toBe(true);
    expect(await store.exists(stored.key)).toBe(true);
  });

  it('reports size and write time, and null for a missing blob', async () => {
    const before = Date.now();
    const { key } = await store.put(new Uint8Array(1234));
    const info = await store.stat(key);
    expect(info?.size).toBe(1234);
    expect(info!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
  });

  it('stores an empty blob', async () => {
    const stored = await store.put(new Uint8Array());
    expect((await store.get(stored.key)).byteLength).toBe(0);
  });

  it('streams a blob and rejects before streaming when it is missing', async () => {
    const bytes = new Uint8Array(randomBytes(300_000));
    const { key } = await store.put(bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.stream(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.from(bytes))).toBe(true);

    await store.delete(key);
    await expect(store.stream(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('uses random keys in two-character subfolders, never anything the caller supplies', async () => {
    const { key } = await store.put(new TextEncoder().encode('x'));
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await expect(fs.stat(path.join(dir, key.slice(0, 2), key))).resolves.toBeTruthy();
  });

  it('keeps 50 parallel puts distinct and intact', async () => {
    const inputs = Array.from({ length: 50 }, (_, i) => new Uint8Array(randomBytes(1_000 + i * 997)));
    const stored = await Promise.all(inputs.map((bytes) => store.put(bytes)));

    expect(new Set(stored.map((s) => s.key)).size).toBe(50);
    for (const [i, s] of stored.entries()) {
      const input = inputs[i]!;
      expect(s.sha256).toBe(sha256(input));
      expect(sha256(await store.get(s.key))).toBe(sha256(input));
    }
    expect(await listKeys(store)).toEqual(stored.map((s) => s.key).sort());
    expect(await fs.readdir(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('deletes idempotently', async () => {
    const { key } = await store.put(new TextEncoder().encode('to delete'));
    await store.delete(key);
    await store.delete(key);

    expect(await store.exists(key)).toBe(false);
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await listKeys(store)).toEqual([]);
  });

  it('rejects keys that are not in the key format, before touching the disk', async () => {
    const { key } = await store.put(new TextEncoder().encode('secret'));
    const bad = [
      '',
      '..',
      '../../etc/passwd',
      `${key.slice(0, 2)}/${key}`,
      `${key}/..`,
      `../${key}`,
      `${key}\n`,
      key.toUpperCase(),
      'tmp',
      'report.docx',
    ];
    for (const k of bad) {
      await expect(store.get(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.stream(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.exists(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.stat(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    expect(await store.exists(key)).toBe(true);
  });

  it('lists exactly the stored keys, ignoring temp leftovers and stray files', async () => {
    const keys = await Promise.all([1, 2, 3].map((n) => store.put(new Uint8Array([n])).then((s) => s.key)));
    await store.delete(keys[1]!);
    await fs.writeFile(path.join(dir, 'tmp', 'crashed.tmp'), 'half');
    await fs.mkdir(path.join(dir, 'tmp', 'odd-dir'));
    await fs.writeFile(path.join(dir, keys[0]!.slice(0, 2), 'notes.txt'), 'stray');
    await fs.writeFile(path.join(dir, 'README'), 'stray');

    expect(await listKeys(store)).toEqual([keys[0]!, keys[2]!].sort());
  });

  it('removes temp leftovers on cleanupTemp and keeps the stored blobs', async () => {
    const { key } = await store.put(new TextEncoder().encode('kept'));
    await fs.writeFile(path.join(dir, 'tmp', 'a.tmp'), 'half');
    await fs.writeFile(path.join(dir, 'tmp', 'b.tmp'), 'half');

    expect(await store.cleanupTemp()).toBe(2);
    expect(await fs.readdir(path.join(dir, 'tmp'))).toEqual([]);
    expect(await listKeys(store)).toEqual([key]);
    expect(new TextDecoder().decode(await store.get(key))).toBe('kept');
  });

  it('pings while its folder takes writes, and fails the ping when a put would fail', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
    const aside = `${dir}-aside`;
    await fs.rename(dir, aside);
    try {
      await expect(store.ping()).rejects.toThrow(/ENOENT/);
      await expect(store.put(new Uint8Array([1]))).rejects.toThrow();
    } finally {
      await fs.rename(aside, dir);
    }
    await expect(store.ping()).resolves.toBeUndefined();

    const tmp = path.join(dir, 'tmp');
    await fs.rm(tmp, { recursive: true });
    await fs.writeFile(tmp, 'not a folder');
    await expect(store.ping()).rejects.toThrow(/is not a directory/);
    await expect(store.put(new Uint8Array([1]))).rejects.toThrow();
  });

  it('does not remove the temp file of a put that is still running', async () => {
    const big = new Uint8Array(32 * 1024 * 1024).fill(7);
    const puts = Array.from({ length: 4 }, () => store.put(big));
    await store.cleanupTemp();
    const stored = await Promise.all(puts);
    for (const s of stored) expect(await store.exists(s.key)).toBe(true);
  });

  it(
    'leaves no partial file in the store when the process is killed mid-write',
    async () => {
      const blobSize = 48 * 1024 * 1024;
      const moduleUrl = pathToFileURL(path.join(import.meta.dirname, 'blob-store.ts')).href;
      // Writes identical large blobs forever, printing each key once put() has resolved.
      const script = `
        const { createDiskBlobStore } = await import(${JSON.stringify(moduleUrl)});
        const store = await createDiskBlobStore(process.argv[1]);
        const bytes = new Uint8Array(${blobSize}).fill(0xab);
        for (;;) { const { key } = await store.put(bytes); process.stdout.write(key + '\\n'); }
      `;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));

      // Kill once at least one blob is acknowledged and the next one is partly written.
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (Date.now() > deadline) throw new Error('child never got mid-write');
        const temps = await fs.readdir(path.join(dir, 'tmp')).catch(() => [] as string[]);
        const sizes = await Promise.all(temps.map((t) => fs.stat(path.join(dir, 'tmp', t)).then((s) => s.size, () => 0)));
        if (output.includes('\n') && sizes.some((s) => s > 0 && s < blobSize)) break;
        await new Promise((r) => setTimeout(r, 2));
      }
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      const acknowledged = output.split('\n').filter(Boolean);
      const reopened = await createDiskBlobStore(dir);
      const listed = await listKeys(reopened);
      expect(acknowledged.length).toBeGreaterThan(0);
      for (const key of acknowledged) expect(listed).toContain(key);
      // A blob renamed into place just before the kill may be listed without having been
      // acknowledged; it must still be whole.
      for (const key of listed) {
        const bytes = await reopened.get(key);
        expect(bytes.byteLength).toBe(blobSize);
        expect(bytes.every((b) => b === 0xab)).toBe(true);
      }

      expect(await reopened.cleanupTemp()).toBeGreaterThan(0);
      expect(await fs.readdir(path.join(dir, 'tmp'))).toEqual([]);
      expect(await listKeys(reopened)).toEqual(listed);
    },
    60_000,
  );
});

describe('sha256Hex', () => {
  it('hashes in slices to the same digest as one call, letting the event loop turn between them', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 7);
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const digest = await sha256Hex(bytes);
    running = false;
    expect(digest).toBe(sha256(bytes));
    expect(await sha256Hex(new Uint8Array(0))).toBe(sha256(new Uint8Array(0)));
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
