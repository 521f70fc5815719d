/** The blob store the configuration names: DATA_DIR/files on the local disk, or an S3 bucket. */
import path from 'node:path';
import type { Config } from '../config';
import { type BlobStore, createDiskBlobStore } from './blob-store';
import { createS3BlobStore } from './s3-blob-store';

export function openBlobStore(config: Pick<Config, 'dataDir' | 'storage'>): Promise<BlobStore> {
  if (config.storage.kind === 's3') return createS3BlobStore(config.storage);
  return createDiskBlobStore(path.join(config.dataDir, 'files'));
}
