/**
 * `npm run bench`: the figures issue 18 asks for, one after another in one run, each benchmark in
 * its own process with its own output, then one table of the figures that matter:
 *  1. the load mix and its ratio to a bare Fastify route (load.bench.ts, about 3 minutes);
 *  2. upload + processing of 10 MB against mammoth (upload.bench.ts, a few minutes);
 *  3. opening documents in the editor against the bare editor page (editor-ready.bench.ts; with
 *     its 300- and 1,000-page documents the longest, 20 minutes and more on a busy 2-core machine);
 *  4. the landing page's JavaScript and Lighthouse scores (landing.bench.ts, about 5 minutes).
 * `--quick` shortens each where it has a setting for it (below): for a look, not for the record.
 * A benchmark that fails does not stop the others; the exit code is non-zero if any failed.
 *
 * Run: npm run bench [-- --quick]
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type Row, editorRows, landingRows, loadRows, uploadRows } from './support/run-all-figures';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');

type Bench = { name: string; file: string; args: string[]; env: Record<string, string>; figures: (output: string) => Row[] };

const BENCHES: Bench[] = [
  { name: 'load', file: 'bench/load.bench.ts', args: quick ? ['--seconds', '15', '--warmup', '5', '--users', '128'] : [], env: {}, figures: loadRows },
  { name: 'upload', file: 'bench/upload.bench.ts', args: [], env: quick ? { RUNS: '3' } : {}, figures: uploadRows },
  { name: 'editor', file: 'bench/editor-ready.bench.ts', args: [], env: quick ? { BENCH_SIZES: '1,20,100', BENCH_RUNS: '3' } : {}, figures: editorRows },
  { name: 'landing', file: 'bench/landing.bench.ts', args: quick ? ['--runs', '1'] : [], env: {}, figures: landingRows },
];

/** Runs one benchmark, its output shown as it comes and kept for the table. */
function run(bench: Bench): Promise<{ code: number; output: string; seconds: number }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, bench.file), ...bench.args], {
      cwd: ROOT,
      env: { ...process.env, ...bench.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output, seconds: (performance.now() - start) / 1000 }));
  });
}

async function main() {
  const started = new Date();
  const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.info(`npm run bench${quick ? ' --quick' : ''}: ${BENCHES.map((b) => b.name).join(', ')}; ${started.toISOString()}, ${os.availableParallelism()} CPUs, load average ${loadAtStart}`);
  const rows: Row[] = [];
  const failed: string[] = [];
  for (const bench of BENCHES) {
    const what = [bench.file, ...bench.args, ...Object.entries(bench.env).map(([k, v]) => `${k}=${v}`)].join(' ');
    console.info(`\n======== ${bench.name}: ${what}\n`);
    const { code, output, seconds } = await run(bench);
    console.info(`\n======== ${bench.name}: exit ${code} after ${seconds.toFixed(0)} s, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    if (code !== 0) failed.push(`${bench.name} (exit ${code})`);
    const found = bench.figures(output);
    rows.push(...(found.length > 0 ? found : [{ what: bench.name, figure: 'no figures found in its output (see above)' }]));
  }

  console.info(`\n======== summary (${started.toISOString()} to ${new Date().toISOString()}; load average ${loadAtStart} at start, ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at end)\n`);
  const width = Math.max(...rows.map((r) => r.what.length));
  for (const row of rows) console.info(`  ${row.what.padEnd(width)}  ${row.figure}`);
  if (failed.length > 0) {
    console.error(`\nfailed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
