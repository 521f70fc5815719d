/**
 * A real S3-protocol server on loopback (s3rver: the S3 REST API over a scratch folder), for the
 * S3 blob store's tests and the api-s3 project. It knows one access key, so a client with another
 * is refused (it does not check SigV4 signatures themselves).
 *
 * It runs in a process of its own, started with --openssl-legacy-provider: s3rver encrypts its
 * ListObjectsV2 continuation tokens with DES, which the OpenSSL 3 in Node 20 refuses otherwise, and
 * every listing longer than one page would fail. Its stdin is a pipe from us, so it also ends when
 * the test run dies without stopping it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The only credentials s3rver accepts. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type S3TestServer = {
  readonly endpoint: string;
  /** Stops answering (connections refused) until start(), keeping every object. */
  stop(): Promise<void>;
  /** Serves the same objects again on the same port. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  dispose(): Promise<void>;
};

const START_TIMEOUT_MS = 20_000;

const ENTRY = path.join(import.meta.dirname, 's3-server-process.mjs');

export async function startS3Server(options: { buckets: string[] }): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'redraft-s3-'));
  let child: ChildProcess | null = null;
  let port = 0;

  const start = async () => {
    if (child) return;
    const started = spawn(process.execPath, ['--openssl-legacy-provider', ENTRY, directory, String(port), ...options.buckets], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`s3rver did not start in ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
      started.stderr!.on('data', (chunk) => (output += String(chunk)));
      started.stdout!.on('data', (chunk) => {
        output += String(chunk);
        const line = /^\{.*\}$/m.exec(output)?.[0];
        if (!line) return;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      });
      started.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited while starting (${code ?? signal}):\n${output}`));
      });
    }).catch((err: unknown) => {
      child = null;
      started.kill('SIGKILL');
      throw err;
    });
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  };

  try {
    await start();
  } catch (err) {
    await fs.rm(directory, { recursive: true, force: true });
    throw err;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop,
    start,
    dispose: async () => {
      await stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
