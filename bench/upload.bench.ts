/**
 * Upload benchmark (docs/decisions/018-upload-processing-speed.md): upload + processing of a 10 MB
 * .docx through the real server (its own process, database and DATA_DIR), from the first byte of
 * the HTTP request to the document's status 'complete', beside mammoth's extractRawText on the same
 * bytes in the same run: the least a reader of the file has to do to get at its text. Goal: upload
 * <= 0.5x mammoth.
 *
 * Two documents, because they stress different parts:
 * - picture: 300 clauses of text (about 100 pages) and an incompressible picture making up the
 *   rest of the 10 MB, the way real 10 MB documents get their bulk: ZIP reading, CRCs, copying,
 *   hashing and writing the bytes, the upload itself.
 * - text: 10 MB whose bulk is the body's XML (prose-like text that compresses like prose, about
 *   24 MB unpacked, near MAX_STORY_XML_BYTES): inflating, the XML scan, paragraph ids, text.
 *
 * Runs alternate between mammoth and the upload. The first few are a warm-up, not counted: one for
 * each thread of the server's work pool (one per CPU), so that no thread is timed on its first
 * document, still compiling the code.
 * Also printed, to show where the time goes: processDocx alone in this process, one durable copy
 * of the bytes (write + fsync, as the blob store does), the floor under any upload, and the CPU
 * time each side used (mammoth's process; the server's, all its threads): on a machine busy with
 * other work the wall times follow the CPU each needs and how often it waits for a core.
 * The server uses the embedded PGlite, unless TEST_DB=postgres and TEST_DATABASE_URL name a
 * PostgreSQL server: then it gets a scratch database there.
 * Run: npm run bench:upload [-- picture | text]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import mammoth from 'mammoth';
import { MAX_UPLOAD_BYTES } from '../common/limits';
import { processDocx } from '../server/docx/process';
import { DOCX, multipart } from '../tests/support/multipart';
import { TestServer } from '../tests/support/server-process';
import { createScratchPostgres } from '../tests/support/test-database';
import { bigDocx } from './support/big-docx';
import { proseDocx, unpackedBytes } from './support/prose-docx';
import { cpuMs } from './support/process-cpu';
import { signIn } from './support/sign-in';

const RUNS = Number(process.env.RUNS ?? 5);
/** The server's work pool has a thread per CPU; each compiles the code on its first document. */
const WARM_UP = os.availableParallelism();
const GOAL = 0.5;
/** Room under MAX_UPLOAD_BYTES for the multipart framing. */
const TARGET_BYTES = MAX_UPLOAD_BYTES - 64 * 1024;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Timing = { wall: number; cpu: number };

async function mammothText(bytes: Uint8Array): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (value.length === 0) throw new Error('mammoth read no text');
  return { wall, cpu: (used.user + used.system) / 1000 };
}

/** From the request's first byte to status 'complete' (the answer itself, or by asking until it is). */
async function uploadUntilComplete(server: { url: string; pid: number }, cookie: string, bytes: Uint8Array, name: string): Promise<Timing> {
  const { url } = server;
  const body = multipart({ filename: name, type: DOCX, bytes });
  const cpu = cpuMs(server.pid);
  const start = performance.now();
  const res = await fetch(`${url}/api/documents/upload`, { method: 'POST', headers: { ...body.headers, cookie }, body: body.payload });
  let doc = (await res.json()) as { id: number; status: string };
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(doc)}`);
  while (doc.status === 'uploaded' || doc.status === 'processing') {
    await sleep(2);
    doc = (await (await fetch(`${url}/api/documents/${doc.id}`, { headers: { cookie } })).json()) as typeof doc;
  }
  const wall = performance.now() - start;
  if (doc.status !== 'complete') throw new Error(`processing failed: ${JSON.stringify(doc)}`);
  return { wall, cpu: cpuMs(server.pid) - cpu };
}

function processingAlone(bytes: Uint8Array): number {
  const start = performance.now();
  const result = processDocx(bytes);
  const elapsed = performance.now() - start;
  if (!result.ok) throw new Error(`benchmark document refused: ${result.reason} (${result.detail})`);
  return elapsed;
}

async function durableCopy(dir: string, bytes: Uint8Array, name: string): Promise<number> {
  const start = performance.now();
  const handle = await fs.promises.open(path.join(dir, `copy-${name}`), 'wx');
  await handle.writeFile(bytes);
  await handle.sync();
  await handle.close();
  return performance.now() - start;
}

type Figures = { mammoth: Timing[]; upload: Timing[]; processing: number[]; copy: number[] };

async function measure(server: { url: string; pid: number }, cookie: string, dir: string, label: string, bytes: Uint8Array): Promise<Figures> {
  const figures: Figures = { mammoth: [], upload: [], processing: [], copy: [] };
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const name = `${label}-${i}.docx`;
    // Alternating which goes first, so neither always runs on a machine the other just warmed or tired.
    const upload = () => uploadUntilComplete(server, cookie, bytes, name);
    let m: Timing;
    let u: Timing;
    if (i % 2 === 0) {
      m = await mammothText(bytes);
      u = await upload();
    } else {
      u = await upload();
      m = await mammothText(bytes);
    }
    const p = processingAlone(bytes);
    const c = await durableCopy(dir, bytes, name);
    if (i < WARM_UP) continue;
    figures.mammoth.push(m);
    figures.upload.push(u);
    figures.processing.push(p);
    figures.copy.push(c);
  }
  return figures;
}

function report(label: string, bytes: Uint8Array, f: Figures): void {
  const wall = (ts: Timing[]) => median(ts.map((t) => t.wall));
  const cpu = (ts: Timing[]) => median(ts.map((t) => t.cpu));
  const runs = (ts: Timing[]) => ts.map((t) => t.wall.toFixed(0)).join(' ');
  const ratio = wall(f.upload) / wall(f.mammoth);
  console.info(`${label}: ${mb(bytes.length)} .docx, ${mb(unpackedBytes(bytes))} unpacked                  wall          CPU`);
  console.info(`  mammoth.extractRawText (reference):          ${ms(wall(f.mammoth))}   ${ms(cpu(f.mammoth))}   [${runs(f.mammoth)}]`);
  console.info(`  upload + processing over HTTP, to complete:  ${ms(wall(f.upload))}   ${ms(cpu(f.upload))}   [${runs(f.upload)}] (CPU: the server's)`);
  console.info(`  processDocx alone, in this process:          ${ms(median(f.processing))}`);
  console.info(`  one durable copy (write + fsync):            ${ms(median(f.copy))}`);
  console.info(`  ratio upload / mammoth: ${ratio.toFixed(2)}x wall (goal <= ${GOAL}x: ${ratio <= GOAL ? 'met' : 'NOT met'}), ${(cpu(f.upload) / cpu(f.mammoth)).toFixed(2)}x CPU`);
}

async function main() {
  const only = process.argv.slice(2);
  const documents = (
    [
      ['picture', () => bigDocx(TARGET_BYTES)],
      ['text', () => proseDocx(TARGET_BYTES)],
    ] as const
  )
    .filter(([label]) => only.length === 0 || only.includes(label))
    .map(([label, make]) => [label, make()] as const);
  // Both must be what they claim: a 10 MB upload the server accepts.
  for (const [label, bytes] of documents) if (bytes.length > TARGET_BYTES) throw new Error(`${label} document is ${bytes.length} bytes`);

  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'redraft-bench-upload-'));
  const scratch = await createScratchPostgres();
  const dataDir = path.join(dir, 'data');
  const server = await TestServer.start({ dataDir, env: scratch ? { DATABASE_URL: scratch.url } : {} });
  const target = { url: server.url, pid: server.pid! };
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const results: Array<readonly [string, Uint8Array, Figures]> = [];
  try {
    for (const [label, bytes] of documents) {
      // One account per document: each upload counts against its owner's quota and rate limit.
      const cookie = await signIn(server.url);
      results.push([label, bytes, await measure(target, cookie, dir, label, bytes)]);
    }
  } finally {
    await server.dispose();
    await scratch?.drop();
    await fs.promises.rm(dir, { recursive: true, force: true });
  }

  console.info(
    `upload benchmark: median of ${RUNS} runs after ${WARM_UP} to warm up; database ${scratch ? 'PostgreSQL' : 'PGlite'}; ` +
      `${os.availableParallelism()} CPUs, load average ${load} at start, ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at end`,
  );
  for (const [label, bytes, figures] of results) report(label, bytes, figures);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
