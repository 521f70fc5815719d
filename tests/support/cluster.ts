/**
 * Several Redraft instances behind nginx, as issue 17 deploys them: one PostgreSQL database (a
 * fresh one on the TEST_DATABASE_URL server), one S3 bucket (s3rver on loopback), N real server
 * processes sharing both, and nginx in front running deploy/nginx.conf itself. For the cluster
 * tests and the cluster benchmark; stop() takes everything down again and drops the database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BlobStore } from '../../server/adapters/blob-store';
import { openBlobStore } from '../../server/adapters/open-blob-store';
import { parseConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';
import { S3RVER_CREDENTIALS, type S3TestServer, startS3Server } from './s3-server';
import { freePort, TestServer } from './server-process';
import { scratchDatabase } from './test-database';

const CONF = path.resolve(import.meta.dirname, '../../deploy/nginx.conf');
const BUCKET = 'redraft-cluster';
const NGINX_START_TIMEOUT_MS = 10_000;
const NGINX_STOP_TIMEOUT_MS = 10_000;

export type Cluster = {
  /** nginx: the address people use, and every instance's PUBLIC_URL. */
  readonly url: string;
  readonly instances: readonly TestServer[];
  /** The cluster's own database and bucket, for checking rows and objects against each other. */
  readonly database: Database;
  readonly blobs: BlobStore;
  /** SIGKILL: a crash, with whatever the instance had in flight. */
  kill(index: number): Promise<void>;
  /** Starts a stopped instance again on its port (nginx's upstream line still names it). */
  restart(index: number): Promise<void>;
  /** nginx's access log so far, one line per request with the instance that answered it. */
  accessLog(): string;
  stop(): Promise<void>;
};

export type ClusterOptions = {
  instances: number;
  /** Added to every instance's environment. */
  env?: Record<string, string>;
  /** Added to one instance's environment, given what all of them get (e.g. its own way to the bucket). */
  instanceEnv?: (index: number, env: Readonly<Record<string, string>>) => Record<string, string>;
};

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const adminUrl = requireTestDatabaseUrl();
  const nginxBinary = requireNginx();
  const stops: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch((err: unknown) => console.error('cluster: stopping failed:', err));
  };
  try {
    // A copy of the migrated template: seconds saved per run (instances would also migrate it in turn).
    const { url: databaseUrl, drop } = await scratchDatabase(adminUrl, { migrated: true, prefix: 'redraft_cluster' });
    stops.push(drop);
    const s3 = await startS3Server({ buckets: [BUCKET] });
    stops.push(() => s3.dispose());
    // Known before the instances start, since it is their PUBLIC_URL.
    const nginxPort = await freePort();
    const url = `http://127.0.0.1:${nginxPort}`;
    const storage = storageEnv(s3, `cluster-${randomBytes(4).toString('hex')}`);
    const env = {
      DATABASE_URL: databaseUrl,
      ...storage,
      // nginx connects from loopback: its X-Forwarded-For and -Proto are believed, and no one else's.
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: url,
      AI_PROVIDER: 'offline',
      ...options.env,
    };
    // Started together, as a deployment starts them. All settle before a failure is thrown, so
    // every instance that did start is among those stopped.
    const started = await Promise.allSettled(
      Array.from({ length: options.instances }, async (_, index) => {
        const server = await TestServer.start({ env: { ...env, ...options.instanceEnv?.(index, env) } });
        stops.push(() => server.dispose());
        return server;
      }),
    );
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const instances = started.map((s) => (s as PromiseFulfilledResult<TestServer>).value);
    const nginx = await startNginx(nginxBinary, nginxPort, instances);
    stops.push(() => nginx.stop());
    const database = await openDatabase({ url: databaseUrl });
    stops.push(() => database.close());
    const blobs = await openBlobStore(parseConfig(storage));
    return {
      url,
      instances,
      database,
      blobs,
      kill: (index) => instance(instances, index).stop('SIGKILL'),
      restart: (index) => instance(instances, index).restart(),
      accessLog: nginx.accessLog,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

function instance(instances: readonly TestServer[], index: number): TestServer {
  const found = instances[index];
  if (!found) throw new Error(`the cluster has ${instances.length} instances, not one numbered ${index}`);
  return found;
}

function requireTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return url;
  throw new Error(
    'The cluster runs on PostgreSQL, as several instances must share one database: set TEST_DATABASE_URL to ' +
      'a server where this user may create databases, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test ' +
      '(.ci/run sets it and starts PostgreSQL).',
  );
}

function requireNginx(): string {
  for (const dir of ['/usr/sbin', ...(process.env.PATH ?? '').split(':')]) {
    const candidate = path.join(dir, 'nginx');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  throw new Error('The cluster runs nginx, which is not installed: apt-get install nginx (Debian; .ci/run installs it).');
}

function storageEnv(s3: S3TestServer, prefix: string): Record<string, string> {
  return {
    STORAGE_URL: `s3://${BUCKET}/${prefix}`,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/**
 * deploy/nginx.conf with its placeholders filled, as an operator's envsubst would; the comments,
 * which name the placeholders to explain them, are left as they are.
 */
function renderNginxConf(values: { listen: string; upstreams: readonly string[] }): string {
  const fill = (line: string) =>
    line
      .replaceAll('${REDRAFT_LISTEN}', values.listen)
      .replaceAll('${REDRAFT_UPSTREAMS}', values.upstreams.map((u) => `server ${u};`).join(' '));
  const lines = fs.readFileSync(CONF, 'utf8').split('\n').map((line) => (line.trimStart().startsWith('#') ? line : fill(line)));
  const left = lines.find((line) => !line.trimStart().startsWith('#') && /\$\{REDRAFT_\w+\}/.test(line));
  if (left) throw new Error(`deploy/nginx.conf has a placeholder the cluster does not fill: ${left.trim()}`);
  return lines.join('\n');
}

async function startNginx(binary: string, port: number, instances: readonly TestServer[]) {
  const rendered = renderNginxConf({ listen: `127.0.0.1:${port}`, upstreams: instances.map((i) => `127.0.0.1:${i.port}`) });
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-nginx-'));
  // Running as root, nginx's workers run as nobody and must reach their temporary folders here.
  fs.chmodSync(prefix, 0o755);
  fs.mkdirSync(path.join(prefix, 'logs'));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, rendered);
  // A process group of its own, so stopping it reaches the workers too, never anything else.
  const child = spawn(binary, ['-p', `${prefix}/`, '-c', conf, '-g', 'daemon off;'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  child.once('error', (err) => (output += String(err)));
  const errorLog = () => readIfExists(path.join(prefix, 'logs/error.log'));
  const stop = async () => {
    await stopGroup(child);
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + NGINX_START_TIMEOUT_MS;
  while (!(await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const why = `nginx did not start (${child.exitCode ?? 'still running'}):\n${output}\n${errorLog()}`;
      await stop();
      throw new Error(why);
    }
    await sleep(100);
  }
  return { stop, accessLog: () => readIfExists(path.join(prefix, 'logs/access.log')) };
}

async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const group = -child.pid;
  process.kill(group, 'SIGTERM');
  const timer = setTimeout(() => process.kill(group, 'SIGKILL'), NGINX_STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

const readIfExists = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
