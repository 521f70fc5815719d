/**
 * Where a test app keeps its files: DATA_DIR/files as in production by default, or (TEST_STORAGE=s3,
 * the api-s3 project) the loopback S3 server that s3-global-setup.ts started for the run. Each
 * DATA_DIR gets its own prefix in the one bucket, named after the folder, so an app restarted on
 * the same DATA_DIR finds its objects again, as it finds its files on disk.
 */
import path from 'node:path';
import { inject } from 'vitest';
import { S3RVER_CREDENTIALS } from './s3-server';

export const TEST_BUCKET = 'redraft-test';

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}

export function testStorageEnv(dataDir: string): Record<string, string> {
  if (process.env.TEST_STORAGE !== 's3') return {};
  return {
    STORAGE_URL: `s3://${TEST_BUCKET}/${path.basename(dataDir)}`,
    S3_ENDPOINT: inject('s3Endpoint'),
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}
