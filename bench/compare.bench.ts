/**
 * Version comparison on a 300-page contract (bench/support/big-docx.ts, processed as an upload so
 * every paragraph has its id): compareDocx (the JSON) and redlineDocx (the tracked-changes .docx)
 * with 1 and with 100 paragraphs changed. Goal (docs/decisions/026-versions.md): 300 ms or less
 * each. Beside them, a reference measured in the same run on the same file: unzipping the
 * package and pulling the body's text out with a regular expression, the least any reading of it
 * costs, so a busy machine shows in both. Prints; asserts nothing.
 * Run: npx tsx bench/compare.bench.ts
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { compareDocx, redlineDocx } from '../server/docx/compare/compare';
import { processDocx } from '../server/docx/process';
import { CLAUSES_FOR_PAGES, bigDocx } from './support/big-docx';
import { bodyTextLength as reference } from './support/body-text';

const RUNS = 9;
const WHO = { author: 'Bench', date: '2025-06-01T12:00:00Z' };

function editable(bytes: Uint8Array): Uint8Array {
  const processed = processDocx(bytes);
  if (!processed.ok) throw new Error(processed.reason);
  return processed.editable;
}

/** `base` with one word replaced in `count` paragraphs spread through the body. */
function withChanges(base: Uint8Array, count: number): Uint8Array {
  const files = unzipSync(base);
  const xml = strFromU8(files['word/document.xml']!);
  const at = [...xml.matchAll(/reasonable skill/g)].map((m) => m.index);
  const step = Math.floor(at.length / count);
  let out = '';
  let from = 0;
  for (let k = 0; k < count; k++) {
    const i = at[Math.floor(step / 2) + k * step]!;
    out += `${xml.slice(from, i)}proper skill`;
    from = i + 'reasonable skill'.length;
  }
  files['word/document.xml'] = strToU8(out + xml.slice(from));
  return zipSync(files);
}

function median(f: () => unknown): { first: number; median: number } {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    f();
    times.push(performance.now() - start);
  }
  return { first: times[0]!, median: [...times].sort((x, y) => x - y)[RUNS >> 1]! };
}

const ms = (t: { first: number; median: number }) => `median ${t.median.toFixed(0).padStart(4)} ms (first ${t.first.toFixed(0)})`;

function main(): void {
  console.info(`compareDocx / redlineDocx, ${RUNS} runs each; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.availableParallelism()} CPUs`);
  const a = editable(bigDocx(0, CLAUSES_FOR_PAGES.get(300)!));
  const body = (unzipSync(a)['word/document.xml']!.length / 1024 / 1024).toFixed(2);
  console.info(`300 pages: ${(a.length / 1024).toFixed(0)} KB package, body ${body} MB`);
  for (const count of [1, 100]) {
    const b = withChanges(a, count);
    const c = compareDocx(a, b);
    if (c.totals.changed !== count) throw new Error(`expected ${count} changed paragraphs, got ${JSON.stringify(c.totals)}`);
    const label = `${count} changed`.padEnd(12);
    console.info(`${label} reference (unzip + text)  ${ms(median(() => reference(b)))}`);
    console.info(`${label} compareDocx               ${ms(median(() => compareDocx(a, b)))}`);
    console.info(`${label} redlineDocx               ${ms(median(() => redlineDocx(a, b, WHO)))}`);
  }
}

main();
