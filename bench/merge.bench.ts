/**
 * mergeSave timings on a ~300-page contract (bench/support/big-docx.ts) for the editor's saves:
 * its usual selective save (only the edited paragraph rewritten) and its full repack (every
 * paragraph rewritten with style values baked in, editor-simulator.ts), plus the largest corpus
 * body rewritten whole. Prints the first (cold) run, the median wall and CPU time, and the load
 * average, since a busy machine doubles the numbers. Budget (docs/decisions/006-merge-every-save-into-its-base.md): well under 200 ms.
 * Run: npx tsx bench/merge.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { benchCorpus } from '../tests/support/corpus';
import { simulateSave } from '../tests/support/docx/editor-simulator';
import { mergeSave } from '../server/docx/merge/merge';
import { formatReport } from '../server/docx/merge/report';
import { processDocx } from '../server/docx/process';
import { bigDocx } from './support/big-docx';

const RUNS = 9;

function editable(bytes: Uint8Array): Uint8Array {
  const processed = processDocx(bytes);
  if (!processed.ok) throw new Error(processed.reason);
  return processed.editable;
}

/** The base with one word replaced in the paragraph the editor patched, nothing else touched. */
function selectiveSave(base: Uint8Array): Uint8Array {
  const files = unzipSync(base);
  const xml = strFromU8(files['word/document.xml']!);
  const at = xml.indexOf('reasonable skill', xml.length >> 1);
  files['word/document.xml'] = strToU8(`${xml.slice(0, at)}proper skill${xml.slice(at + 'reasonable skill'.length)}`);
  return zipSync(files);
}

function time(label: string, base: Uint8Array, edited: Uint8Array): void {
  const wall: number[] = [];
  const cpu: number[] = [];
  let summary = '';
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const before = process.cpuUsage();
    const { report } = mergeSave(base, edited);
    const used = process.cpuUsage(before);
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
    if (!report.merged) throw new Error(`${label}: ${formatReport(report)}`);
    summary = formatReport(report).split('\n')[0]!.replace(/^merged in [\d.]+ ms: /, '');
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[RUNS >> 1]!.toFixed(0).padStart(5);
  const body = (unzipSync(base)['word/document.xml']!.length / 1024 / 1024).toFixed(2);
  console.info(`${label.padEnd(46)} body ${body} MB  first ${wall[0]!.toFixed(0).padStart(5)} ms  median ${median(wall)} ms wall, ${median(cpu)} ms CPU`);
  console.info(`${''.padEnd(46)} ${summary}`);
}

function main() {
  console.info(`mergeSave, ${RUNS} runs each; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.availableParallelism()} CPUs`);
  const contract = editable(bigDocx(3 * 1024 * 1024, 300));
  const parts = ['word/document.xml'];
  time('300 pages, one word, selective save', contract, selectiveSave(contract));
  const target = undefined;
  time('300 pages, unchanged, full repack', contract, simulateSave(contract, parts, 'unchanged', target));
  const rewritten = simulateSave(selectiveSave(contract), parts, 'unchanged');
  time('300 pages, one word, full repack', contract, rewritten);
  // REDRAFT_CORPUS_DIR, else the shared corpus if it is beside the checkout.
  const corpus = benchCorpus();
  if (corpus) {
    const file = path.join(corpus.dir, 'poi/bug65649.docx'); // the largest corpus body, 12.5 MB
    if (fs.existsSync(file)) {
      const base = editable(new Uint8Array(fs.readFileSync(file)));
      time('corpus bug65649.docx, unchanged, full repack', base, simulateSave(base, parts, 'unchanged'));
    }
  }
}

main();
