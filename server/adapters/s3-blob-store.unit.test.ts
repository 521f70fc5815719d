/**
 * The S3 blob store against a real S3-protocol server on loopback (s3rver), through the same
 * BlobStore contract the disk store's tests check.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, type S3TestServer, startS3Server } from '../../tests/support/s3-server';
import { BlobNotFoundError, type BlobStore, InvalidBlobKeyError } from './blob-store';
import { createS3BlobStore, type S3BlobStoreOptions } from './s3-blob-store';

const BUCKET = 'redraft-blobs';
let server: S3TestServer;
let raw: S3Client;

beforeAll(async () => {
  server = await startS3Server({ buckets: [BUCKET] });
  raw = new S3Client({ endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
});
afterAll(async () => {
  raw.destroy();
  await server.dispose();
});

/** A store under a prefix of its own, so the tests share the server and nothing else. */
const options = (overrides: Partial<S3BlobStoreOptions> = {}): S3BlobStoreOptions => ({
  bucket: BUCKET,
  prefix: `t-${randomUUID().slice(0, 8)}/`,
  endpoint: server.endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: S3RVER_CREDENTIALS,
  ...overrides,
});
const newStore = (overrides: Partial<S3BlobStoreOptions> = {}) => createS3BlobStore(options(overrides));

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function listKeys(s: BlobStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of s.list()) keys.push(key);
  return keys.sort();
}

const putRaw = (key: string, body = 'stray') => raw.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));

describe('S3 blob store', () => {
  it('returns exactly the bytes that were put, with their hash and size', async () => {
    const store = await newStore();
    const bytes = new Uint8Array(randomBytes(100_000));
    const stored = await store.put(bytes);

    expect(stored.size).toBe(bytes.byteLength);
    expect(stored.sha256).toBe(sha256(bytes));
    expect(Buffer.from(await store.get(stored.key)).equals(Buffer.from(bytes))).toBe(true);
    expect(await store.exists(stored.key)).toBe(true);
  });

  it('reports size and write time from HeadObject, and null for a missing blob', async () => {
    const store = await newStore();
    const before = Date.now();
    const { key } = await store.put(new Uint8Array(1234));
    const info = await store.stat(key);
    expect(info?.size).toBe(1234);
    // LastModified has whole seconds.
    expect(info!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(info!.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
    expect(await store.exists(key)).toBe(false);
  });

  it('stores an empty blob', async () => {
    const store = await newStore();
    const stored = await store.put(new Uint8Array());
    expect((await store.get(stored.key)).byteLength).toBe(0);
    expect((await store.stat(stored.key))?.size).toBe(0);
  });

  it('answers BlobNotFoundError for a well-formed key with nothing behind it', async () => {
    const store = await newStore();
    const missing = randomUUID();
    await expect(store.get(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.stream(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.exists(missing)).toBe(false);
    expect(await store.stat(missing)).toBeNull();
  });

  it('streams a multi-megabyte object as it arrives, never holding it whole', async () => {
    const store = await newStore();
    const bytes = new Uint8Array(randomBytes(8 * 1024 * 1024));
    const { key } = await store.put(bytes);

    const stream = await store.stream(key);
    // Left unread for a while, the stream holds what its buffer takes, not the object.
    await sleep(200);
    expect(stream.readableLength).toBeLessThan(1024 * 1024);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(8);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
  });

  it('keeps each blob under the prefix at a random key, never anything the caller supplies', async () => {
    const opts = options({ prefix: 'deployment/files/' });
    const store = await createS3BlobStore(opts);
    const { key } = await store.put(new TextEncoder().encode('x'));
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const head = await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `deployment/files/${key}` }));
    expect(head.ContentLength).toBe(1);
    await store.delete(key);
  });

  it('keeps 20 parallel puts distinct and intact', async () => {
    const store = await newStore();
    const inputs = Array.from({ length: 20 }, (_, i) => new Uint8Array(randomBytes(1_000 + i * 997)));
    const stored = await Promise.all(inputs.map((bytes) => store.put(bytes)));

    expect(new Set(stored.map((s) => s.key)).size).toBe(20);
    for (const [i, s] of stored.entries()) {
      expect(s.sha256).toBe(sha256(inputs[i]!));
      expect(sha256(await store.get(s.key))).toBe(sha256(inputs[i]!));
    }
    expect(await listKeys(store)).toEqual(stored.map((s) => s.key).sort());
  });

  it('deletes idempotently', async () => {
    const store = await newStore();
    const { key } = await store.put(new TextEncoder().encode('to delete'));
    await store.delete(key);
    await store.delete(key);

    expect(await store.exists(key)).toBe(false);
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await listKeys(store)).toEqual([]);
  });

  it('rejects keys that are not in the key format', async () => {
    const store = await newStore();
    const { key } = await store.put(new TextEncoder().encode('secret'));
    const bad = ['', '..', '../../etc/passwd', `${key.slice(0, 2)}/${key}`, `${key}/..`, `../${key}`, `${key}\n`, key.toUpperCase(), 'report.docx', `?prefix=${key}`];
    for (const k of bad) {
      await expect(store.get(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.stream(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.exists(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.stat(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    expect(await store.exists(key)).toBe(true);
  });

  it('lists every stored key across several pages, and nothing else in the bucket', async () => {
    const opts = options({ pageSize: 2 });
    const store = await createS3BlobStore(opts);
    const keys = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => store.put(new Uint8Array([n])).then((s) => s.key)));
    await store.delete(keys[3]!);
    // Objects that are not this store's blobs: a stray name, a blob key one level down, a blob
    // key under a neighbouring prefix that starts with the same characters, and a bare key.
    await putRaw(`${opts.prefix}notes.txt`);
    await putRaw(`${opts.prefix}sub/${randomUUID()}`);
    await putRaw(`${opts.prefix.slice(0, -1)}x/${randomUUID()}`);
    await putRaw(randomUUID());

    expect(await listKeys(store)).toEqual(keys.filter((_, i) => i !== 3).sort());
  });

  it('lists only its own prefix when stores share a bucket', async () => {
    const a = await newStore();
    const b = await newStore();
    const inA = (await a.put(new Uint8Array([1]))).key;
    const inB = (await b.put(new Uint8Array([2]))).key;
    expect(await listKeys(a)).toEqual([inA]);
    expect(await listKeys(b)).toEqual([inB]);
    await expect(a.get(inB)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('has no temporary state to clean up, and cleanupTemp keeps the stored blobs', async () => {
    const store = await newStore();
    const { key } = await store.put(new TextEncoder().encode('kept'));
    expect(await store.cleanupTemp()).toBe(0);
    expect(new TextDecoder().decode(await store.get(key))).toBe('kept');
  });

  it('rejects a put while the server is down, and leaves nothing behind', async () => {
    const store = await newStore();
    const { key: kept } = await store.put(new TextEncoder().encode('before'));
    await server.stop();
    try {
      await expect(store.put(new Uint8Array(randomBytes(2 * 1024 * 1024)))).rejects.toThrow();
      await expect(store.get(kept)).rejects.not.toBeInstanceOf(BlobNotFoundError);
    } finally {
      await server.start();
    }
    expect(await listKeys(store)).toEqual([kept]);
    expect(new TextDecoder().decode(await store.get(kept))).toBe('before');
  });

  it('pings while the bucket answers, fails the ping while the server is down, and pings again once it is back', async () => {
    const store = await newStore();
    await expect(store.ping()).resolves.toBeUndefined();
    await server.stop();
    try {
      await expect(store.ping()).rejects.toThrow();
    } finally {
      await server.start();
    }
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('refuses to start on a bucket that is missing or credentials that are wrong, naming the storage', async () => {
    await expect(newStore({ bucket: 'no-such-bucket' })).rejects.toThrow(/s3:\/\/no-such-bucket\/.* did not answer/);
    const wrong = { accessKeyId: 'SOMEONE-ELSE', secretAccessKey: 'not-the-secret' };
    const refused = newStore({ credentials: wrong });
    await expect(refused).rejects.toThrow(/did not answer/);
    await expect(refused).rejects.not.toThrow(/not-the-secret/);
  });
});
