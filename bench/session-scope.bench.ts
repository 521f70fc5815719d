/**
 * What resolving the session only for /api/* saves (docs/architecture.md): requests per second for a
 * static asset and for GET /api/documents, both sent with a signed-in browser's cookie, as a
 * browser sends it with every request. Two real servers in one run, each its own process,
 * database and DATA_DIR: "before", with the session looked up on every request (as the server did
 * until this change, added back by this file alone), and "after", the server as it is. A bare
 * Fastify route serving the same bytes is the reference for the asset.
 * Run: npm run bench:session-scope [-- --seconds 10]
 *
 * The same file is the server entry (`--serve before|after|bare`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { boot } from '../server/boot';
import { parseConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { systemClock } from '../server/deps';
import { userForToken } from '../server/features/auth/auth.service';
import { SESSION_COOKIE } from '../server/features/auth/session-token';
import { createLogger } from '../server/logger';
import { freePort } from '../tests/support/server-process';
import { signIn } from './support/sign-in';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '..');
const CONNECTIONS = 32;
const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 8;
const ASSET = 'assets/app-bench.js';
const ASSET_BYTES = Buffer.alloc(20 * 1024, 'x');

type Mode = 'before' | 'after' | 'bare';

/** A built web app in miniature: the shell and one fingerprinted asset. */
function webRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-webroot-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.writeFileSync(path.join(dir, ASSET), ASSET_BYTES);
  return dir;
}

async function serve(mode: Mode) {
  const config = parseConfig(process.env);
  if (mode === 'bare') {
    const bare = Fastify();
    bare.get(`/${ASSET}`, (_req, reply) => reply.type('text/javascript').send(ASSET_BYTES));
    await bare.listen({ port: config.port, host: config.host });
    return;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const limits = { rates: { authPerIp: { max: 1_000 } } };
  const { app, deps } = await boot({ config, database, clock: systemClock, logger: createLogger('warn'), limits, webRoot: webRoot() });
  if (mode === 'before') {
    // What every request cost before: a session lookup whatever the path.
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token && !request.url.startsWith('/api/')) await userForToken(deps, token);
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

async function start(mode: Mode): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `redraft-scope-${mode}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', HERE, '--serve', mode], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const probe = mode === 'bare' ? `/${ASSET}` : '/api/health';
  const deadline = Date.now() + 90_000;
  while (!(await fetch(url + probe).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the ${mode} server did not start`);
    await sleep(200);
  }
  return { url, child, dataDir };
}

async function stop(server: { child: ChildProcess; dataDir: string }) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

async function load(url: string, cookie: string | undefined) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: cookie ? { cookie } : {} });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function measure() {
  console.info(`Session scope: ${CONNECTIONS} connections, ${seconds} s per figure, load ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores\n`);
  const rows: Array<[string, string, { rps: number; p99: number }]> = [];
  const bare = await start('bare');
  rows.push(['bare Fastify route', 'asset', await load(`${bare.url}/${ASSET}`, undefined)]);
  await stop(bare);
  for (const mode of ['before', 'after'] as const) {
    const server = await start(mode);
    const cookie = await signIn(server.url);
    rows.push([mode, 'asset', await load(`${server.url}/${ASSET}`, cookie)]);
    rows.push([mode, 'GET /api/documents', await load(`${server.url}/api/documents`, cookie)]);
    await stop(server);
  }
  const find = (who: string, what: string) => rows.find(([w, r]) => w === who && r === what)![2];
  console.info('server               request              req/s     p99 ms');
  for (const [who, what, r] of rows) console.info(`${who.padEnd(20)} ${what.padEnd(20)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p99).padStart(9)}`);
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.info(`\nasset, after / before: ${ratio(find('after', 'asset').rps, find('before', 'asset').rps)}x requests per second`);
  console.info(`asset, after / bare Fastify: ${ratio(find('after', 'asset').rps, find('bare Fastify route', 'asset').rps)}`);
  console.info(`GET /api/documents, after / before: ${ratio(find('after', 'GET /api/documents').rps, find('before', 'GET /api/documents').rps)} (both resolve the session once)`);
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt >= 0) await serve(process.argv[serveAt + 1] as Mode);
else await measure();
