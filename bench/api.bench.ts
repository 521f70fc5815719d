/**
 * The API's hot path against the bare minimum (docs/decisions/016-api-hot-path.md): requests per
 * second, p50 and p99 of GET /api/documents for a user with 50 documents at 64 connections, on the
 * real Redraft server (its own process, tests/support/server-process.ts) and on a minimal Fastify
 * server doing the same session lookup and list query on the same database (pg, or a PGlite
 * instance on the same data directory), measured in the same run; then GET /api/health beside a
 * bare Fastify hello. Both databases: PGlite always, PostgreSQL when TEST_DATABASE_URL names a
 * server (a scratch database there). Each figure is the median of --rounds rounds, each server
 * started afresh, warmed up, then loaded for --seconds; beside the rates, each server's CPU time
 * per request (from /proc), which other work on a shared machine disturbs less. Goal: Redraft >=
 * 0.8x the reference's req/s, p99 <= 1.3x.
 *
 * Run: npm run bench:api [-- --seconds 10 --warmup 10 --rounds 3 --db pglite|postgres|both]
 * Profile: npm run bench:api -- --profile DIR [--db pglite|postgres]: Redraft, then the reference,
 * run under `node --cpu-prof` (profiles in DIR/<db>/) while each serves the document list, and
 * each profile's top functions by self time printed; nothing else is measured.
 *
 * The same file is the reference server's entry (`--serve reference`: the list and a bare hello).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { SESSION_IDLE_MS } from '../common/limits';
import { hashToken, SESSION_COOKIE } from '../server/features/auth/session-token';
import { contractDocx } from '../tests/support/docx/realistic';
import { DOCX, multipart } from '../tests/support/multipart';
import { freePort, TestServer } from '../tests/support/server-process';
import { createScratchPostgres } from '../tests/support/test-database';
import { stopChild, waitUntilServing } from './support/child-process';
import { cpuMs } from './support/process-cpu';
import { signIn } from './support/sign-in';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '..');
const CONNECTIONS = 64;
const DOCUMENTS = 50;
const GOAL = { rps: 0.8, p99: 1.3 };

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};

// ---------------------------------------------------------------- the reference servers (child process)

/** What Redraft's session lookup and list query ask, written once by hand. */
const SESSION_SQL = `select u.id, u.email, u.name, u.role, u.is_demo, u.created_at, s.last_seen_at
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1 and s.expires_at > $2 and s.last_seen_at > $3`;
const LIST_SQL = `select id, filename, original_name, file_size, mime_type, status, status_reason, user_id,
    uploaded_at, processed_at, last_opened_at, archived_at, word_count, current_version
  from documents where user_id = $1 and archived_at is null order by uploaded_at desc, id desc`;

type Row = Record<string, unknown>;
const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);
const toDocument = (r: Row) => ({
  id: r.id,
  filename: r.filename,
  originalName: r.original_name,
  fileSize: r.file_size,
  mimeType: r.mime_type,
  status: r.status,
  statusReason: r.status_reason,
  userId: r.user_id,
  uploadedAt: iso(r.uploaded_at),
  processedAt: iso(r.processed_at),
  lastOpenedAt: iso(r.last_opened_at),
  archivedAt: iso(r.archived_at),
  wordCount: r.word_count,
  currentVersion: r.current_version,
});

/** A minimal server as anyone would write it: Fastify, its cookie plugin, two parameterised queries. */
async function serveReference() {
  let query: (text: string, params: unknown[]) => Promise<Row[]>;
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    query = async (text, params) => (await pool.query(text, params)).rows as Row[];
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(path.join(process.env.DATA_DIR!, 'db'));
    query = async (text, params) => (await db.query<Row>(text, params)).rows;
  }
  const app = Fastify();
  await app.register(cookie);
  app.get('/api/documents', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    const now = new Date();
    const [user] = token ? await query(SESSION_SQL, [hashToken(token), now, new Date(now.getTime() - SESSION_IDLE_MS)]) : [];
    if (!user) return reply.status(401).send({ error: { code: 'unauthenticated', message: 'Not authenticated' } });
    return (await query(LIST_SQL, [user.id])).map(toDocument);
  });
  app.get('/hello', async () => ({ status: 'ok' }));
  // An exit, not a kill, so that `--cpu-prof` writes its profile.
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

class Reference {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {}

  get pid() {
    return this.child.pid;
  }

  static async start(env: Record<string, string>, profileDir?: string): Promise<Reference> {
    const port = await freePort();
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', HERE, '--serve', 'reference'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env, PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const reference = new Reference(`http://127.0.0.1:${port}`, child);
    await waitUntilServing(child, () => fetch(`${reference.url}/hello`).then((r) => r.ok), 'the reference server');
    return reference;
  }

  stop() {
    return stopChild(this.child);
  }
}

// ---------------------------------------------------------------- the load (this process)

/**
 * `errors`: requests with no answer within autocannon's 10 s (a server far behind), counted, not
 * fatal. `cpuMs`: the server process's CPU time per answered request (Linux, from /proc), which a
 * busy shared machine disturbs far less than the rates.
 */
type Figures = { rps: number; p50: number; p99: number; errors: number; cpuMs: number };

/**
 * Warmed up first: a fresh process compiles and optimises as it goes, and Redraft, a much larger
 * program than the reference, also starts its work processes then; with 3 s on this 2-core machine
 * it was still doing so while measured. The figures are for a server that has been running.
 */
const warmupSeconds = Number(arg('warmup')) || 10;

async function load(url: string, headers: Record<string, string>, seconds: number, pid: number | undefined): Promise<Figures> {
  const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, headers });
  await run(warmupSeconds);
  const cpuBefore = cpuMs(pid);
  const result = await run(seconds);
  const cpuPerRequest = (cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total);
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, cpuMs: cpuPerRequest };
}

type Db = 'pglite' | 'postgres';
type Target = 'redraft documents' | 'reference documents' | 'redraft health' | 'bare hello';

/** A server with a user holding DOCUMENTS documents, uploaded over HTTP like anyone's. */
async function seeded(db: Db, dataDir: string, env: Record<string, string>) {
  const server = await TestServer.start({ dataDir, env });
  const cookieHeader = await signIn(server.url);
  const bytes = contractDocx();
  for (let i = 1; i <= DOCUMENTS; i++) {
    const body = multipart({ filename: `Contract ${String(i).padStart(2, '0')}.docx`, type: DOCX, bytes });
    const res = await fetch(`${server.url}/api/documents/upload`, { method: 'POST', headers: { ...body.headers, cookie: cookieHeader }, body: body.payload });
    if (res.status !== 201) throw new Error(`${db}: upload ${i} answered ${res.status}: ${await res.text()}`);
  }
  const list = (await (await fetch(`${server.url}/api/documents`, { headers: { cookie: cookieHeader } })).json()) as unknown[];
  if (list.length !== DOCUMENTS) throw new Error(`${db}: the list holds ${list.length} documents, not ${DOCUMENTS}`);
  return { server, cookieHeader };
}

/** The real server as tests start it, or, to profile it, the same entry run under `node --cpu-prof`. */
async function startRedraft(dataDir: string, env: Record<string, string>, profileDir: string | undefined) {
  if (!profileDir) {
    const server = await TestServer.start({ dataDir, env });
    return { url: server.url, pid: server.pid, stop: () => server.stop() };
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the profiled server did not start');
    await sleep(150);
  }
  // main.ts exits on SIGTERM, which is when node writes the profile.
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, pid: child.pid, stop };
}

async function measureDatabase(db: Db, rounds: number, seconds: number, profileDir: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `redraft-api-bench-${db}-`));
  const scratch = db === 'postgres' ? await createScratchPostgres() : undefined;
  const env: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : {};
  const figures = new Map<Target, Figures[]>();
  const add = (target: Target, f: Figures) => figures.set(target, [...(figures.get(target) ?? []), f]);
  try {
    const { server, cookieHeader } = await seeded(db, dataDir, env);
    await server.stop();
    const headers = { cookie: cookieHeader };
    if (profileDir) {
      // Only the document list in the profiles: start, load, stop; Redraft, then the reference.
      const redraft = await startRedraft(dataDir, env, path.join(profileDir, db, 'redraft'));
      const ours = await load(`${redraft.url}/api/documents`, headers, seconds, redraft.pid);
      await redraft.stop();
      const reference = await Reference.start({ ...env, DATA_DIR: dataDir }, path.join(profileDir, db, 'reference'));
      const theirs = await load(`${reference.url}/api/documents`, headers, seconds, reference.pid);
      await reference.stop();
      console.info(
        `\n${db}, profiled: Redraft ${ours.rps.toFixed(0)} req/s, p99 ${ours.p99} ms, ${ours.cpuMs.toFixed(2)} ms CPU a request; ` +
          `reference ${theirs.rps.toFixed(0)} req/s, p99 ${theirs.p99} ms, ${theirs.cpuMs.toFixed(2)} ms CPU a request`,
      );
      printProfile(path.join(profileDir, db, 'redraft'), 'Redraft');
      printProfile(path.join(profileDir, db, 'reference'), 'reference');
      return undefined;
    }
    for (let round = 1; round <= rounds; round++) {
      // One server at a time: an embedded PGlite belongs to one process, and the machine has 2 cores.
      const redraft = await startRedraft(dataDir, env, undefined);
      add('redraft documents', await load(`${redraft.url}/api/documents`, headers, seconds, redraft.pid));
      add('redraft health', await load(`${redraft.url}/api/health`, {}, seconds, redraft.pid));
      await redraft.stop();
      const reference = await Reference.start({ ...env, DATA_DIR: dataDir });
      add('reference documents', await load(`${reference.url}/api/documents`, headers, seconds, reference.pid));
      add('bare hello', await load(`${reference.url}/hello`, {}, seconds, reference.pid));
      await reference.stop();
      console.info(`  ${db} round ${round}/${rounds} done (load ${os.loadavg()[0]!.toFixed(2)})`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
  return figures;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const medianOf = (fs: Figures[]): Figures => ({
  rps: median(fs.map((f) => f.rps)),
  p50: median(fs.map((f) => f.p50)),
  p99: median(fs.map((f) => f.p99)),
  errors: fs.reduce((n, f) => n + f.errors, 0),
  cpuMs: median(fs.map((f) => f.cpuMs)),
});

function report(db: Db, figures: Map<Target, Figures[]>) {
  const m = (t: Target) => medianOf(figures.get(t)!);
  console.info(`\n${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}: median of ${figures.get('redraft documents')!.length} round(s)`);
  console.info('  server     request              req/s   p50 ms   p99 ms  timeouts  CPU ms/req   (each round: req/s / p99)');
  const row = (t: Target, what: string) => {
    const f = m(t);
    const each = figures.get(t)!.map((x) => `${x.rps.toFixed(0)}/${x.p99}`).join(' ');
    console.info(
      `  ${t.split(' ')[0]!.padEnd(10)} ${what.padEnd(18)} ${f.rps.toFixed(0).padStart(7)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.errors).padStart(9)} ${f.cpuMs.toFixed(3).padStart(11)}   (${each})`,
    );
  };
  row('redraft documents', 'GET /api/documents');
  row('reference documents', 'GET /api/documents');
  row('redraft health', 'GET /api/health');
  row('bare hello', 'GET /hello');
  const docs = { rps: m('redraft documents').rps / m('reference documents').rps, p99: m('redraft documents').p99 / m('reference documents').p99 };
  const met = docs.rps >= GOAL.rps && docs.p99 <= GOAL.p99;
  const cpu = (a: Target, b: Target) => (m(a).cpuMs / m(b).cpuMs).toFixed(2);
  console.info(
    `  GET /api/documents, Redraft / reference: ${docs.rps.toFixed(2)}x req/s, p99 ${docs.p99.toFixed(2)}x ` +
      `(goal >= ${GOAL.rps}x and <= ${GOAL.p99}x: ${met ? 'met' : 'NOT met'}); CPU a request ${cpu('redraft documents', 'reference documents')}x`,
  );
  console.info(
    `  GET /api/health / bare hello: ${(m('redraft health').rps / m('bare hello').rps).toFixed(2)}x req/s, ` +
      `p99 ${(m('redraft health').p99 / m('bare hello').p99).toFixed(2)}x; CPU a request ${cpu('redraft health', 'bare hello')}x`,
  );
}

/** The profile's functions by self time: where the server spent its CPU. */
function printProfile(dir: string, who: string) {
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
  for (const file of fs.readdirSync(dir).filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))) {
    // CPU.<date>.<time>.<pid>.<thread>.<n>: thread 0 is the main thread, the one serving requests.
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[] };
    const total = profile.samples.length;
    const self = new Map<string, number>();
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      const where = url ? `${url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '')}:${lineNumber + 1}` : '';
      const key = `${functionName || '(anonymous)'} ${where}`.trim();
      self.set(key, (self.get(key) ?? 0) + (node.hitCount ?? 0));
    }
    console.info(`\n${who}: ${path.join(dir, file)}, ${total} samples; top functions by self time`);
    for (const [key, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      console.info(`  ${((100 * hits) / total).toFixed(1).padStart(5)}%  ${key}`);
    }
  }
}

async function main() {
  const seconds = Number(arg('seconds')) || 10;
  const profileDir = arg('profile') ? path.resolve(arg('profile')!) : undefined;
  const rounds = profileDir ? 1 : Number(arg('rounds')) || 3;
  const which = arg('db') ?? 'both';
  const postgres = (which === 'both' || which === 'postgres') && process.env.TEST_DATABASE_URL !== undefined;
  // createScratchPostgres makes a database on TEST_DATABASE_URL only under TEST_DB=postgres.
  if (postgres) process.env.TEST_DB = 'postgres';
  const dbs: Db[] = [...(which === 'postgres' ? [] : ['pglite' as const]), ...(postgres ? ['postgres' as const] : [])];
  if (which !== 'pglite' && !postgres) console.info('PostgreSQL skipped: set TEST_DATABASE_URL to measure it too.');
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  console.info(
    `API hot path: ${CONNECTIONS} connections, ${warmupSeconds} s warm-up then ${seconds} s per figure, ${rounds} round(s), ${DOCUMENTS} documents; ` +
      `${os.availableParallelism()} CPUs, load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  const results: Array<[Db, Map<Target, Figures[]>]> = [];
  for (const db of dbs) {
    const figures = await measureDatabase(db, rounds, seconds, profileDir);
    if (figures) results.push([db, figures]);
  }
  for (const [db, figures] of results) report(db, figures);
  console.info(`\nload average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

if (arg('serve') === 'reference') await serveReference();
else await main();
