/** The api-s3 project's one S3 server for the whole run (vitest globalSetup). */
import type { TestProject } from 'vitest/node';
import { startS3Server } from './s3-server';
import { TEST_BUCKET } from './test-storage';

export default async function setup(project: TestProject) {
  const server = await startS3Server({ buckets: [TEST_BUCKET] });
  project.provide('s3Endpoint', server.endpoint);
  return () => server.dispose();
}
