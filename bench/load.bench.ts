/**
 * A realistic mix under load (issue 18): the real Redraft server (its own process,
 * tests/support/server-process.ts; PGlite, or a scratch PostgreSQL database under TEST_DB=postgres
 * with TEST_DATABASE_URL; the offline AI engine) at 64 connections for --seconds (60), after
 * --warmup (10) s of the same mix, with autocannon: sign-in, the document list, one document, a chat
 * turn streamed as the web app asks for it (SSE), a small .docx upload and a waitlist sign-up
 * (load-mix.ts). Per route: requests per second, p50, p99 and the count of each status. Beside it,
 * in the same run and with the same autocannon settings, a bare Fastify route answering a small
 * JSON (this file, `--serve bare`), and Redraft's ratio to it.
 *
 * The rate limits are the server's own. They are per user and per address, so the load comes from
 * --users (256) accounts taking turns, each from its own address, and each waitlist sign-up from a
 * visitor's own address and email: the server runs with TRUST_PROXY=127.0.0.1, as behind the nginx
 * of deploy/nginx.conf, and the addresses travel in X-Forwarded-For. What the limits still refuse
 * is counted as 429, apart from errors.
 *
 * Afterwards: no 5xx (nor a chat stream ending in an error, which JSON would have answered 502 or
 * 504) and no lost write: every acknowledged upload downloads byte-identical, every acknowledged
 * question and answer is in its conversation (load-verify.ts). The exit code is non-zero if not.
 *
 * Run: npm run bench:load [-- --seconds 60 --warmup 10 --users 256]
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { freePort, TestServer } from '../tests/support/server-process';
import { createScratchPostgres } from '../tests/support/test-database';
import { stopChild, waitUntilServing } from './support/child-process';
import { Mix, Recorder, ROUTES, type Route } from './support/load-mix';
import { createUsers } from './support/load-users';
import { verifyChats, verifyUploads } from './support/load-verify';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '..');
const CONNECTIONS = 64;
/** Generous, so that a slow answer under load is measured rather than cut off. */
const TIMEOUT_SECONDS = 30;
const DOCUMENTS_PER_USER = 2;

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const seconds = Number(arg('seconds')) || 60;
const warmupSeconds = Number(arg('warmup')) || 10;
const userCount = Number(arg('users')) || 256;
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** The least a Fastify server can do: one route, a small JSON. */
async function serveBare() {
  const app = Fastify();
  app.get('/hello', async () => ({ status: 'ok' }));
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', HERE, '--serve', 'bare'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(child, () => fetch(`${url}/hello`).then((r) => r.ok), 'the bare Fastify server');
  return { url, stop: () => stopChild(child) };
}

/** One autocannon run with the settings every figure here shares; `recorder` gets each answer's latency. */
function cannon(options: autocannon.Options, recorder?: Recorder): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, timeout: TIMEOUT_SECONDS, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
    if (recorder) instance.on('response', (_client, _status, _bytes, ms) => recorder.timed(ms));
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!);
const fixed = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '—');

type Figures = { rps: number; p50: number; p99: number };

function printRoutes(recorder: Recorder, duration: number) {
  console.info(`\n  ${'route'.padEnd(38)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}   statuses`);
  for (const route of Object.keys(ROUTES) as Route[]) {
    const sorted = [...(recorder.latencies.get(route) ?? [])].sort((a, b) => a - b);
    const statuses = [...(recorder.statuses.get(route) ?? new Map<string, number>())].sort().map(([s, n]) => `${s} ×${n}`).join(', ');
    console.info(
      `  ${ROUTES[route].padEnd(38)} ${fixed(sorted.length / duration).padStart(7)} ${fixed(percentile(sorted, 50)).padStart(8)} ${fixed(percentile(sorted, 99)).padStart(8)}   ${statuses || 'none'}`,
    );
  }
}

/** Every answer that counts as a server error: a 5xx, or a chat stream that ended without its answer. */
function serverErrors(recorder: Recorder): string[] {
  const out: string[] = [];
  for (const [route, counts] of recorder.statuses) {
    for (const [status, n] of counts) if (/^5/.test(status) || /^200 /.test(status)) out.push(`${ROUTES[route]}: ${status} ×${n}`);
  }
  return out;
}

function count(recorder: Recorder, match: (status: string) => boolean) {
  let n = 0;
  for (const counts of recorder.statuses.values()) for (const [status, k] of counts) if (match(status)) n += k;
  return n;
}

async function measureBare(): Promise<Figures> {
  const bare = await startBare();
  try {
    await cannon({ url: `${bare.url}/hello`, duration: warmupSeconds });
    const result = await cannon({ url: `${bare.url}/hello`, duration: seconds });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`the bare server: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  } finally {
    await bare.stop();
  }
}

async function main() {
  console.info(
    `load mix: ${CONNECTIONS} connections, ${warmupSeconds} s warm-up then ${seconds} s, ${userCount} users with ${DOCUMENTS_PER_USER} documents each; ` +
      `${os.availableParallelism()} CPUs, load average at start ${loadAverage()}`,
  );
  const bare = await measureBare();
  const scratch = await createScratchPostgres();
  const server = await TestServer.start({ env: { TRUST_PROXY: '127.0.0.1', ...(scratch ? { DATABASE_URL: scratch.url } : {}) } });
  const failures: string[] = [];
  try {
    const runId = Date.now().toString(36);
    const setupStart = performance.now();
    const users = await createUsers(server.url, runId, userCount, DOCUMENTS_PER_USER);
    console.info(`  ${users.length} users signed in and ${users.length * DOCUMENTS_PER_USER} documents processed in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);
    const mix = new Mix(server.url, runId, users);
    await cannon({ url: server.url, duration: warmupSeconds, requests: mix.requests() }, mix.recorder);
    mix.recorder = new Recorder();
    const result = await cannon({ url: server.url, duration: seconds, requests: mix.requests() }, mix.recorder);
    const total: Figures = { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };

    console.info(`\nRedraft, database ${scratch ? 'PostgreSQL' : 'PGlite'}, ${result.duration} s measured (load average ${loadAverage()}):`);
    printRoutes(mix.recorder, result.duration);
    console.info(`  ${'the whole mix'.padEnd(38)} ${fixed(total.rps).padStart(7)} ${fixed(total.p50).padStart(8)} ${fixed(total.p99).padStart(8)}`);
    console.info(`  ${'bare Fastify GET /hello'.padEnd(38)} ${fixed(bare.rps).padStart(7)} ${fixed(bare.p50).padStart(8)} ${fixed(bare.p99).padStart(8)}`);
    const ratio = total.rps / bare.rps;
    console.info(`  Redraft mix / bare: ${ratio.toFixed(3)}x req/s, p50 ${(total.p50 / bare.p50).toFixed(1)}x, p99 ${(total.p99 / bare.p99).toFixed(1)}x`);
    const refused = count(mix.recorder, (s) => s === '429');
    const otherClient = count(mix.recorder, (s) => /^4/.test(s) && s !== '429');
    console.info(
      `  refused by rate limits (429): ${refused}; other 4xx: ${otherClient}; connection errors: ${result.errors - result.timeouts}; timeouts (${TIMEOUT_SECONDS} s): ${result.timeouts}`,
    );
    const errors = serverErrors(mix.recorder);
    console.info(`  server errors (5xx, or a chat stream ending in an error): ${errors.length === 0 ? 'none' : errors.join('; ')}`);
    if (errors.length > 0) failures.push(`server errors: ${errors.join('; ')}`);

    // Warm-up writes included: every acknowledged write, whenever it was made.
    const uploads = await verifyUploads(server.url, mix.uploads);
    const chats = await verifyChats(server.url, mix.chats);
    console.info(`  acknowledged uploads downloaded byte-identical: ${uploads.checked - uploads.lost.length}/${uploads.checked}`);
    console.info(`  acknowledged questions (and answers) found in their conversations: ${chats.checked - chats.lost.length}/${chats.checked}`);
    for (const line of [...uploads.lost, ...chats.lost].slice(0, 20)) console.info(`    lost: ${line}`);
    const lost = uploads.lost.length + chats.lost.length;
    if (lost > 0) failures.push(`${lost} acknowledged writes lost`);
    if (uploads.checked === 0 || chats.checked === 0) failures.push('nothing acknowledged to verify (no upload or no chat turn succeeded)');
    if (failures.length > 0) console.info(`\nserver log (last 3,000 characters):\n${server.logs().slice(-3000)}`);
    console.info(
      `\nload summary: ${fixed(total.rps, 0)} req/s (p50 ${fixed(total.p50)} ms, p99 ${fixed(total.p99)} ms) = ${ratio.toFixed(3)}x bare Fastify (${fixed(bare.rps, 0)} req/s); ` +
        `429 ${refused}; server errors ${count(mix.recorder, (s) => /^5|^200 /.test(s))}; lost writes ${lost} of ${uploads.checked + chats.checked}; ${failures.length === 0 ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await server.dispose();
    await scratch?.drop();
  }
  console.info(`load average at the end ${loadAverage()}`);
  if (failures.length > 0) {
    console.error(`load: FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

if (arg('serve') === 'bare') await serveBare();
else await main();
