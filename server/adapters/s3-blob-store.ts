/**
 * The blob store on an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...): every blob is one
 * object `<prefix><key>`, written with a single PutObject. S3 makes an object visible only once its
 * upload completed and answers 200 only once it is stored redundantly, so put() resolving means
 * what it means on disk after fsync and rename: the whole blob is durable, or nothing is there.
 * Blobs are bounded by the upload limit (MAX_UPLOAD_BYTES, 10 MB) and what processing makes of an
 * upload, far below the 5 GB one PutObject takes, so no multipart upload is ever started and
 * nothing temporary is left to clean up.
 * See docs/decisions/029-object-storage.md.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Storage } from '../config';
import { assertBlobKey, type BlobStat, BlobNotFoundError, type BlobStore, isBlobKey, sha256Hex, type StoredBlob } from './blob-store';

export type S3BlobStoreOptions = Omit<S3Storage, 'kind'> & {
  /** Keys asked for per ListObjectsV2 page: S3's own maximum unless a test wants several pages. */
  pageSize?: number;
};

/**
 * Bounds on a storage that stops answering, so a request waits seconds rather than forever. The
 * request budget runs until the answer's headers (for put(), the whole upload of at most a few
 * tens of MB); the idle budget covers a download's body, which pauses while a slow client reads.
 */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 60_000;
const IDLE_TIMEOUT_MS = 60_000;
/**
 * A readiness probe's own budget: load balancers give up on a check after a few seconds, and a
 * bucket slower than this is not one to send uploads to anyway.
 */
const PING_TIMEOUT_MS = 2_000;

/** GetObject says NoSuchKey; HeadObject has no body, so a missing key is a bare 404 NotFound. */
const isMissing = (err: unknown) => err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');

/**
 * Checks that the bucket answers before resolving, so wrong credentials or a missing bucket stop
 * the server at boot with a message rather than failing the first upload.
 */
export async function createS3BlobStore(options: S3BlobStoreOptions): Promise<BlobStore> {
  const { bucket, prefix, pageSize = 1000 } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      socketTimeout: IDLE_TIMEOUT_MS,
    },
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (err) {
    client.destroy();
    // The SDK's error names the cause (NotFound, Forbidden, ECONNREFUSED) and never a secret.
    const cause = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    throw new Error(`Object storage s3://${bucket}/${prefix} did not answer (${cause}). Check STORAGE_URL, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE (true for MinIO and most self-hosted servers) and the credentials.`, { cause: err });
  }

  const objectKey = (key: string) => {
    assertBlobKey(key);
    return `${prefix}${key}`;
  };

  async function put(bytes: Uint8Array): Promise<StoredBlob> {
    const key = randomUUID();
    const command = new PutObjectCommand({
      Bucket: bucket,
      Key: `${prefix}${key}`,
      Body: bytes,
      ContentLength: bytes.byteLength,
      ContentType: 'application/octet-stream',
    });
    try {
      // Hashed on the event loop while the bytes travel, as the disk store hashes while it writes.
      const [sha256] = await Promise.all([sha256Hex(bytes), client.send(command)]);
      return { key, sha256, size: bytes.byteLength };
    } catch (err) {
      // A put the server completed but whose answer was lost would leave an object no row names;
      // if this delete fails too, the boot sweep finds it as an orphan.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${key}` })).catch(() => undefined);
      throw err;
    }
  }

  async function open(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async function get(key: string): Promise<Uint8Array> {
    const { Body } = await open(key);
    if (!Body) throw new Error(`Object storage answered without a body for ${key}`);
    return Body.transformToByteArray();
  }

  async function stream(key: string): Promise<Readable> {
    // Resolves once the answer's headers arrived: a missing key has rejected by then, and the
    // body is the HTTP response itself, read as the client reads, never held whole.
    const { Body } = await open(key);
    if (!(Body instanceof Readable)) throw new Error(`Object storage answered without a readable body for ${key}`);
    return Body;
  }

  async function remove(key: string): Promise<void> {
    // S3 answers 204 for a key that is already gone, which makes this idempotent as it is.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
  }

  async function stat(key: string): Promise<BlobStat | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function exists(key: string): Promise<boolean> {
    return (await stat(key)) !== null;
  }

  async function* list(): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      // The delimiter keeps the listing to this prefix's own level: objects further down belong
      // to someone else and could never be blob keys anyway.
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: '/', MaxKeys: pageSize, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length);
        if (object.Key?.startsWith(prefix) && isBlobKey(key)) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Every blob is a single PutObject, which leaves nothing behind when it fails. */
  async function cleanupTemp(): Promise<number> {
    return 0;
  }

  /** HeadBucket: one request with no body that still needs the endpoint, the bucket and the credentials. */
  async function ping(): Promise<void> {
    await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS) });
  }

  return { put, get, stream, delete: remove, exists, stat, list, cleanupTemp, ping };
}
