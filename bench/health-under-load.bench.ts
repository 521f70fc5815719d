/**
 * Health under load (docs/decisions/010-request-bodies-per-route.md): p50/p99 of GET /api/health over 16 keep-alive
 * connections while, in parallel, a 10 MB document is uploaded and a 300-page document is saved
 * in a loop. Twice in the same run, each on a fresh real server (its own process, database and
 * DATA_DIR): "before", with the CPU-heavy tasks run inline on the event loop, and "after", with
 * the work pool. Prints both, their ratio and the machine's load. Goal: p99 <= 20 ms with the pool.
 * Run: npm run bench:health-under-load
 *
 * The same file is the server entry (`--serve inline|pool`): the inline mode is a boot option
 * only this benchmark sets, never something the environment can turn on.
 * The server uses the embedded PGlite, unless TEST_DB=postgres and TEST_DATABASE_URL name a
 * PostgreSQL server (as for the test suite): then each phase gets a scratch database there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { MAX_UPLOAD_BYTES } from '../common/limits';
import { boot } from '../server/boot';
import { parseConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { systemClock } from '../server/deps';
import { createLogger } from '../server/logger';
import { freePort } from '../tests/support/server-process';
import { createScratchPostgres } from '../tests/support/test-database';
import { DOCX, multipart } from '../tests/support/multipart';
import { bigDocx } from './support/big-docx';
import { stopChild, waitUntilServing } from './support/child-process';
import { signIn } from './support/sign-in';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '..');
const CONNECTIONS = 16;
const WARMUP_MS = 2_000;
const MEASURE_MS = 20_000;
const GOAL_P99_MS = 20;

type Mode = 'inline' | 'pool';

// ---------------------------------------------------------------- the server (child process)

async function serve(mode: Mode) {
  const config = parseConfig(process.env);
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // The loop saves and uploads faster than a person may; the rate limits would turn most of the
  // work being measured into quick 429s, so this server lifts them (a boot option, as in tests).
  const unlimited = { max: Number.MAX_SAFE_INTEGER };
  const limits = { rates: { savePerUser: unlimited, uploadPerUser: unlimited } };
  const { app } = await boot({ config, database, clock: systemClock, logger, limits, work: { inline: mode === 'inline' } });
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
  await app.listen({ port: config.port, host: config.host });
}

// ---------------------------------------------------------------- the load (this process)

class Server {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
    private readonly dataDir: string,
    private readonly dropDatabase: (() => Promise<void>) | undefined,
  ) {}

  static async start(mode: Mode): Promise<Server> {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `redraft-health-${mode}-`));
    const scratch = await createScratchPostgres();
    const child = spawn(process.execPath, ['--import', 'tsx', HERE, '--serve', mode], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const server = new Server(`http://127.0.0.1:${port}`, child, dataDir, scratch?.drop);
    await waitUntilServing(child, () => fetch(`${server.url}/api/health`).then((r) => r.ok), `the ${mode} server`);
    return server;
  }

  async stop() {
    await stopChild(this.child);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
    await this.dropDatabase?.();
  }
}

/** One keep-alive connection asking for /api/health back to back; latencies recorded while `recording()`. */
async function healthLoop(url: string, until: () => boolean, recording: () => boolean, out: number[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(url);
  while (!until()) {
    const start = performance.now();
    await new Promise<void>((resolve, reject) => {
      const req = http.get({ hostname, port, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`health ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
    if (recording()) out.push(performance.now() - start);
  }
  agent.destroy();
}

/** The editing copy with every word of `paragraphs` paragraphs (from `from`) changed: a large edit. */
function edited(base: Uint8Array, from: number, paragraphs: number): Uint8Array<ArrayBuffer> {
  const files = unzipSync(base);
  let n = 0;
  const xml = strFromU8(files['word/document.xml']!).replace(/(<w:t(?: [^>]*)?>)([^<]*)(<\/w:t>)/g, (all, open: string, text: string, close: string) => {
    n += 1;
    return n > from && n <= from + paragraphs ? open + text.replace(/[A-Za-z]+/g, (w) => w.toUpperCase()) + close : all;
  });
  files['word/document.xml'] = strToU8(xml);
  return new Uint8Array(zipSync(files));
}

type Phase = { mode: Mode; health: number[]; uploads: Map<number, number>; saves: Map<number, number>; load: [number, number] };

/** `busy`: false measures the floor (health alone on the same machine), for reading the other two. */
async function phase(mode: Mode, uploadBody: ReturnType<typeof multipart>, longDoc: Uint8Array, busy = true): Promise<Phase> {
  const server = await Server.start(mode);
  try {
    const cookie = await signIn(server.url);
    const up = multipart({ filename: 'long.docx', type: DOCX, bytes: longDoc });
    const created = (await (await fetch(`${server.url}/api/documents/upload`, { method: 'POST', headers: { ...up.headers, cookie }, body: up.payload })).json()) as { id: number };
    const base = new Uint8Array(await (await fetch(`${server.url}/api/documents/${created.id}/content`, { headers: { cookie } })).arrayBuffer());
    // Two alternating edits of 20 paragraphs each, so every save changes something.
    const edits = [edited(base, 100, 20), edited(base, 400, 20)];

    let done = false;
    let recordingOn = false;
    const health: number[] = [];
    const uploads = new Map<number, number>();
    const saves = new Map<number, number>();
    const count = (m: Map<number, number>, status: number) => recordingOn && m.set(status, (m.get(status) ?? 0) + 1);
    const loops = Array.from({ length: CONNECTIONS }, () => healthLoop(server.url, () => done, () => recordingOn, health));
    const uploading = (async () => {
      while (!done && busy) {
        const res = await fetch(`${server.url}/api/documents/upload`, { method: 'POST', headers: { ...uploadBody.headers, cookie }, body: uploadBody.payload });
        await res.arrayBuffer();
        count(uploads, res.status);
      }
    })();
    const saving = (async () => {
      let version = 1;
      for (let i = 0; !done && busy; i++) {
        const res = await fetch(`${server.url}/api/documents/${created.id}/content`, {
          method: 'PUT',
          headers: { cookie, 'content-type': DOCX, 'x-base-version': String(version) },
          body: edits[i % 2]!,
        });
        const body = (await res.json()) as { currentVersion?: number };
        if (res.ok && body.currentVersion) version = body.currentVersion;
        count(saves, res.status);
      }
    })();
    await sleep(WARMUP_MS);
    const loadBefore = os.loadavg()[0]!;
    recordingOn = true;
    await sleep(MEASURE_MS);
    recordingOn = false;
    const loadAfter = os.loadavg()[0]!;
    done = true;
    await Promise.all([...loops, uploading, saving]);
    return { mode, health, uploads, saves, load: [loadBefore, loadAfter] };
  } finally {
    await server.stop();
  }
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const statuses = (m: Map<number, number>) => [...m].map(([s, n]) => `${n}x${s}`).join(' ') || 'none';

async function main() {
  const uploadBytes = bigDocx(MAX_UPLOAD_BYTES - 64 * 1024);
  const uploadBody = multipart({ filename: 'ten-megabytes.docx', type: DOCX, bytes: uploadBytes });
  const longDoc = bigDocx(0, 300);
  console.info(
    `health under load: ${CONNECTIONS} connections on GET /api/health for ${MEASURE_MS / 1000} s (after ${WARMUP_MS / 1000} s warm-up), ` +
      `while a ${(uploadBytes.length / 1024 / 1024).toFixed(1)} MB upload and a 300-page save (20 paragraphs rewritten) run in a loop; ` +
      `database ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}; ${os.availableParallelism()} CPUs, load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  const print = (label: string, p: Phase) =>
    console.info(
      `  ${label.padEnd(42)} p50 ${ms(pct(p.health, 50))}  p99 ${ms(pct(p.health, 99))}  max ${ms(p.health.reduce((a, b) => Math.max(a, b), 0))}  ` +
        `(${p.health.length} answers; uploads ${statuses(p.uploads)}; saves ${statuses(p.saves)}; load ${p.load.map((l) => l.toFixed(2)).join(' -> ')})`,
    );
  print('floor (health alone, no uploads or saves)', await phase('pool', uploadBody, longDoc, false));
  const before = await phase('inline', uploadBody, longDoc);
  print('before (tasks inline on the event loop)', before);
  const after = await phase('pool', uploadBody, longDoc);
  print('after (work pool)', after);
  const p99Before = pct(before.health, 99);
  const p99After = pct(after.health, 99);
  console.info(`  ratio p99 before/after: ${(p99Before / p99After).toFixed(1)}x; p50 before/after: ${(pct(before.health, 50) / pct(after.health, 50)).toFixed(1)}x`);
  console.info(`  goal p99 <= ${GOAL_P99_MS} ms with the pool: ${p99After <= GOAL_P99_MS ? 'met' : 'NOT met'}`);
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt >= 0) {
  const mode = process.argv[serveAt + 1];
  if (mode !== 'inline' && mode !== 'pool') throw new Error('--serve inline|pool');
  serve(mode).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
