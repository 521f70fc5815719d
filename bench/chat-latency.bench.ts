/**
 * Server-added latency to the first streamed token: POST /api/documents/:id/chat (SSE) through the
 * real server, against asking the model directly in the same run. Run: npm run bench:chat
 *
 * - A remote model: a local OpenAI-compatible server (tests/support/fake-openai.ts). Its reference
 *   is the very request Redraft sent it (prompt, document window and history), replayed straight
 *   to it, so the difference is what Redraft adds: the session, rate limits, storing the question,
 *   loading the history and the document, locating the selection, building the prompt. A second
 *   reference is a bare relay (this file with `--relay`: node:http taking the same request and
 *   piping the model's stream back, nothing else), the least any server in between adds on this
 *   machine at this moment: on a busy machine most of the first difference is that hop.
 * - The offline engine: its reference is the engine's own answer to the same request, computed in
 *   this process; the difference adds the worker hop.
 *
 * Two documents, each asked a free question and an action on a selection: the small generated
 * contract, and a 300-page one (bench/support/big-docx.ts, ~970k characters in 4,000 lines),
 * whose selection spans two paragraphs near its end; plus, there, a selection it does not contain
 * (the slowest search). Each case uses its own account and client address, so the chat rate limits
 * (30 a minute per person, 120 per address) are never reached. The server uses PGlite, or
 * PostgreSQL with TEST_DB=postgres and TEST_DATABASE_URL.
 *
 * Also printed per case: its first turn (which creates the conversation and reads the document's
 * text into the server's cache, docs/decisions/017-chat-turn-path.md), and the CPU time of the
 * server's event-loop thread per turn, beside the relay's: unlike the latencies, the machine's
 * load barely moves it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runOfflineAction } from '../server/adapters/ai/offline/engine';
import { processDocx } from '../server/docx/process';
import { contractDocx, CONTRACT_PHRASES } from '../tests/support/docx/realistic';
import { startFakeOpenAI } from '../tests/support/fake-openai';
import { DOCX, multipart } from '../tests/support/multipart';
import { freePort, TestServer } from '../tests/support/server-process';
import { createScratchPostgres } from '../tests/support/test-database';
import { CLAUSES_FOR_PAGES, bigDocx } from './support/big-docx';
import { stopChild, waitUntilServing } from './support/child-process';
import { cpuMs } from './support/process-cpu';
import { signIn } from './support/sign-in';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '..');
const WARMUP = 3;
/** With the warm-up, within the 30 messages a minute one person may send. */
const RUNS = 25;
const CLAUSES_FOR_300_PAGES = CLAUSES_FOR_PAGES.get(300)!;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => sorted(xs)[Math.floor(xs.length * 0.9)]!;
const ms = (x: number) => `${x.toFixed(1).padStart(6)} ms`;
const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

type Doc = { name: string; bytes: Uint8Array; text: string };
type Case = { doc: Doc; label: string; body: { content: string; action?: string; selection?: string } };

function documents() {
  const load = (name: string, bytes: Uint8Array): Doc => {
    const processed = processDocx(bytes);
    if (!processed.ok) throw new Error(`${name}: ${processed.reason}`);
    return { name, bytes, text: processed.text };
  };
  const small = load('small contract', contractDocx());
  const big = load('300 pages', bigDocx(0, CLAUSES_FOR_300_PAGES));
  const lines = big.text.split('\n');
  // Two paragraphs near the end, as the editor gives a selection across a paragraph break.
  const at = lines.findIndex((l) => l.startsWith(`Paragraph 3 of clause ${CLAUSES_FOR_300_PAGES - 20}.`));
  const farSelection = `${lines[at]}\n${lines[at + 1]}`;
  const cases: Case[] = [
    { doc: small, label: 'question', body: { content: 'When is payment due?' } },
    { doc: small, label: 'selection', body: { content: `Explain: ${CONTRACT_PHRASES.delivery}`, action: 'explain', selection: CONTRACT_PHRASES.delivery } },
    { doc: big, label: 'question', body: { content: 'When must the Supplier notify the Customer?' } },
    { doc: big, label: 'selection', body: { content: 'Explain the selection', action: 'explain', selection: farSelection } },
    { doc: big, label: 'selection not in it', body: { content: 'Explain the selection', action: 'explain', selection: `${farSelection.slice(0, 200)} and something else entirely` } },
  ];
  return { docs: [small, big], cases };
}

/** Milliseconds until the first chunk of the response body arrives. */
async function firstChunk(url: string, init: RequestInit): Promise<number> {
  const start = performance.now();
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const reader = res.body!.getReader();
  await reader.read();
  const elapsed = performance.now() - start;
  while (!(await reader.read()).done) {
    // drain, so the connection is reused like a real client's
  }
  return elapsed;
}

/** `first`: the case's first turn, which creates the conversation and reads the document's text into the server's cache. */
type Figures = {
  label: string;
  reference: number[];
  through: number[];
  first: number;
  relay?: number[];
  /** CPU milliseconds per turn of the server's event-loop thread (with PGlite, the database's work too), and of the relay's. */
  serverCpu: number;
  relayCpu?: number;
};

async function withServer<T>(env: Record<string, string>, fn: (server: TestServer) => Promise<T>): Promise<T> {
  const scratch = await createScratchPostgres();
  // Each case sends from its own address (X-Forwarded-For, believed from this process only).
  const server = await TestServer.start({ env: { ...env, TRUST_PROXY: '127.0.0.1', ...(scratch ? { DATABASE_URL: scratch.url } : {}) } });
  try {
    return await fn(server);
  } finally {
    await server.dispose();
    await scratch?.drop();
  }
}

/**
 * Retried while the work pool is over its time budget: just after boot on a busy machine its
 * threads may still be loading their code, and the budget counts the wait.
 */
async function upload(url: string, cookie: string, doc: Doc): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const body = multipart({ filename: `${doc.name}.docx`, type: DOCX, bytes: doc.bytes });
    const res = await fetch(`${url}/api/documents/upload`, { method: 'POST', headers: { ...body.headers, cookie }, body: body.payload });
    const json = (await res.json()) as { id: number; status: string; error?: { details?: { reason?: string } } };
    if (res.status === 201 && json.status === 'complete') return json.id;
    if (res.status !== 422 || json.error?.details?.reason !== 'time_budget' || attempt === 3) {
      throw new Error(`upload of ${doc.name}: ${res.status} ${JSON.stringify(json)}`);
    }
  }
}

/**
 * One case: a new account and address, the document uploaded, a warm-up, then RUNS pairs of
 * (reference, through Redraft) back to back, so drift in the machine's load hits both alike.
 */
async function runCase(
  server: TestServer,
  c: Case,
  index: number,
  reference: () => Promise<number>,
  relay?: { ask: () => Promise<number>; pid: number },
): Promise<Figures> {
  const cookie = await signIn(server.url);
  const id = await upload(server.url, cookie, c.doc);
  const headers = { 'content-type': 'application/json', accept: 'text/event-stream', cookie, 'x-forwarded-for': `10.0.0.${index + 1}` };
  const ask = () => firstChunk(`${server.url}/api/documents/${id}/chat`, { method: 'POST', headers, body: JSON.stringify(c.body) });
  const first = await ask();
  for (let i = 1; i < WARMUP; i++) await ask();
  const pid = server.pid!;
  const label = `${c.doc.name}, ${c.label}`;
  const references: number[] = [];
  const relays: number[] = [];
  const through: number[] = [];
  const [serverBefore, relayBefore] = [cpuMs(pid, { mainThreadOnly: true }), relay ? cpuMs(relay.pid, { mainThreadOnly: true }) : 0];
  for (let i = 0; i < RUNS; i++) {
    references.push(await reference());
    if (relay) relays.push(await relay.ask());
    through.push(await ask());
  }
  const serverCpu = (cpuMs(pid, { mainThreadOnly: true }) - serverBefore) / RUNS;
  if (!relay) return { label, reference: references, through, first, serverCpu };
  return { label, reference: references, through, first, serverCpu, relay: relays, relayCpu: (cpuMs(relay.pid, { mainThreadOnly: true }) - relayBefore) / RUNS };
}

function print(title: string, referenceName: string, all: Figures[]) {
  const cell = (xs: number[]) => `${ms(median(xs))} (${ms(p90(xs))})`.padStart(20);
  const minus = (a: number[], b: number[]) => a.map((x, i) => x - b[i]!);
  const relayed = all.some((f) => f.relay);
  const cpu = (f: Figures) => `${f.serverCpu.toFixed(1)}${f.relayCpu === undefined ? '' : ` / ${f.relayCpu.toFixed(1)}`} ms`.padStart(relayed ? 16 : 9);
  console.info(`\n${title}: first token, median (p90) of ${RUNS} runs; differences run by run`);
  console.info(
    `  ${'case'.padEnd(32)} ${referenceName.padStart(20)}   ${relayed ? `${'bare relay'.padStart(20)}   ` : ''}${'through Redraft'.padStart(20)}   ` +
      `${`added (− ${referenceName})`.padStart(26)}   ${relayed ? `${'Redraft − relay'.padStart(20)}   ` : ''}${'first turn, added'.padStart(17)}   ` +
      `${relayed ? 'event-loop CPU/turn (relay)' : 'event-loop CPU/turn'}`,
  );
  for (const f of all) {
    console.info(
      `  ${f.label.padEnd(32)} ${cell(f.reference)}   ${f.relay ? `${cell(f.relay)}   ` : ''}${cell(f.through)}   ${cell(minus(f.through, f.reference)).padStart(26)}   ` +
        `${f.relay ? `${cell(minus(f.through, f.relay))}   ` : ''}${ms(f.first - median(f.reference)).padStart(17)}   ${cpu(f)}`,
    );
  }
}

async function remoteModel(cases: Case[]) {
  const model = await startFakeOpenAI();
  model.setDefault({ kind: 'reply', chunks: ['The', ' rent', ' is', ' due', ' monthly.'] });
  const relay = await Relay.start(model.url);
  // The request Redraft sent last, as it was: the same prompt, window and history.
  const lastRequest = () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(model.requests.at(-1)!.body) });
  const direct = () => firstChunk(`${model.url}/chat/completions`, lastRequest());
  const relayed = { ask: () => firstChunk(relay.url, lastRequest()), pid: relay.pid };
  try {
    return await withServer({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: model.url, AI_MODEL: 'bench' }, (server) =>
      runCases(server, cases, () => direct, relayed),
    );
  } finally {
    await relay.stop();
    await model.close();
  }
}

/** The bare relay as its own process, like the server: `--relay <model url>`. */
class Relay {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {}

  get pid() {
    return this.child.pid!;
  }

  static async start(modelUrl: string): Promise<Relay> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', HERE, '--relay', modelUrl, String(port)], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    const relay = new Relay(`http://127.0.0.1:${port}/`, child);
    await waitUntilServing(child, () => fetch(relay.url, { method: 'HEAD' }).then(() => true), 'the relay');
    return relay;
  }

  stop() {
    return stopChild(this.child);
  }
}

/** Takes a chat-completions request and pipes the model's streamed answer back, doing nothing else. */
function serveRelay(modelUrl: string, port: number) {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST') return res.end();
    const upstream = await fetch(`${modelUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
    res.writeHead(upstream.status, { 'content-type': 'text/event-stream' });
    const reader = upstream.body!.getReader();
    for (let piece = await reader.read(); !piece.done; piece = await reader.read()) res.write(piece.value);
    res.end();
  });
  server.listen(port, '127.0.0.1');
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

async function offlineEngine(cases: Case[]) {
  // What the chat hands the engine: the whole text (it reads up to 2M characters) and the selection or question.
  const engine = (c: Case) => {
    const request = c.body.action
      ? { action: c.body.action as 'explain', text: c.body.selection ?? '', documentText: c.doc.text }
      : { action: 'question' as const, text: '', question: c.body.content, documentText: c.doc.text };
    return async () => {
      const start = performance.now();
      runOfflineAction(request);
      return performance.now() - start;
    };
  };
  return withServer({}, (server) => runCases(server, cases, engine));
}

/** Every case on one server, after a first one that only warms the server's code up. */
async function runCases(
  server: TestServer,
  cases: Case[],
  reference: (c: Case) => () => Promise<number>,
  relay?: { ask: () => Promise<number>; pid: number },
): Promise<Figures[]> {
  await runCase(server, cases[0]!, cases.length, reference(cases[0]!), relay);
  const all: Figures[] = [];
  for (const [i, c] of cases.entries()) all.push(await runCase(server, c, i, reference(c), relay));
  return all;
}

async function main() {
  const { docs, cases } = documents();
  const database = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.info(`chat first-token latency; database ${database}; ${os.availableParallelism()} CPUs, load average at start ${loadAverage()}`);
  for (const d of docs) console.info(`  ${d.name}: ${d.text.length.toLocaleString('en')} characters, ${d.text.split('\n').length.toLocaleString('en')} lines`);
  print('Remote model (OpenAI-compatible)', 'model directly', await remoteModel(cases));
  print('Offline engine', 'engine alone', await offlineEngine(cases));
  console.info(`\nload average at end ${loadAverage()}`);
}

if (process.argv[2] === '--relay') {
  serveRelay(process.argv[3]!, Number(process.argv[4]));
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
