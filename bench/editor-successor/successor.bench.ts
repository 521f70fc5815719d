/**
 * The editor upgrade question (docs/decisions/020-editor-stays-pinned.md), answered on our needs:
 * the pinned @eigenpal/docx-editor 1.9.0 against its successor @docx-editor.dev 2.x, each in a bare
 * page built here (vite.config.ts), on the same bytes, in the same run. See README.md.
 * Run: npm install --prefix bench/editor-successor && npx tsx bench/editor-successor/successor.bench.ts
 *      [--runs 5] [--sizes 1,100,300] [--files 40] [--only speed,weight,fidelity,features]
 * Prints the tables and writes them to bench/editor-successor/RESULTS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { benchCorpus } from '../../tests/support/corpus';
import config, { OUT_DIR } from './vite.config';
import { features } from './features';
import { type FileResult, fidelity, sample } from './fidelity';
import { contract } from './fixtures';
import { type OpenRun, type Weight, openSpeed, pageWeight } from './open-speed';
import { BenchServer } from './serve';
import { EDITORS, LABEL, launch } from './session';

const HERE = import.meta.dirname;

function args() {
  const argv = process.argv.slice(2);
  const value = (flag: string, fallback: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1]! : fallback;
  };
  return {
    runs: Number(value('--runs', '5')),
    sizes: value('--sizes', '1,100,300').split(',').map(Number),
    files: Number(value('--files', '40')),
    only: new Set(value('--only', 'speed,weight,fidelity,features').split(',')),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => Math.round(x).toLocaleString('en-GB');
const kb = (x: number) => `${Math.round(x / 1024).toLocaleString('en-GB')} KB`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

function speedTable(results: Map<string, OpenRun[]>, sizes: number[]): string {
  const rows = ['| pages (1.9.0 / 2.x count) | metric | 1.9.0 median (min–max) | 2.x median (min–max) | 2.x / 1.9.0 |', '|---|---|---|---|---|'];
  for (const size of sizes) {
    const a = results.get(`v1:${size}`) ?? [];
    const b = results.get(`v2:${size}`) ?? [];
    if (!a.length || !b.length) continue;
    for (const metric of ['painted', 'ready', 'laidOut'] as const) {
      const cell = (xs: OpenRun[]) => `${ms(median(xs.map((r) => r[metric])))} (${ms(Math.min(...xs.map((r) => r[metric])))}–${ms(Math.max(...xs.map((r) => r[metric])))})`;
      rows.push(`| ${size} (${median(a.map((r) => r.pages))} / ${median(b.map((r) => r.pages))}) | navigation → ${metric === 'painted' ? 'first page painted' : metric === 'ready' ? 'editor ready' : 'all pages laid out'} | ${cell(a)} | ${cell(b)} | ${ratio(median(b.map((r) => r[metric])), median(a.map((r) => r[metric])))} |`);
    }
  }
  return rows.join('\n');
}

function weightTable(w: Record<string, Weight>): string {
  const a = w.v1!;
  const b = w.v2!;
  return [
    '| loaded to open a 1-page document | 1.9.0 | 2.x | 2.x / 1.9.0 |',
    '|---|---|---|---|',
    `| JavaScript raw | ${kb(a.jsRaw)} | ${kb(b.jsRaw)} | ${ratio(b.jsRaw, a.jsRaw)} |`,
    `| JavaScript gzip | ${kb(a.jsGzip)} | ${kb(b.jsGzip)} | ${ratio(b.jsGzip, a.jsGzip)} |`,
    `| CSS raw / gzip | ${kb(a.cssRaw)} / ${kb(a.cssGzip)} | ${kb(b.cssRaw)} / ${kb(b.cssGzip)} | |`,
  ].join('\n');
}

function fidelityTable(results: FileResult[], refused: string[]): string {
  const of = (e: string) => results.filter((r) => r.editor === e);
  const count = (xs: FileResult[], pick: (r: FileResult) => boolean | undefined) => xs.filter((r) => pick(r)).length;
  const edited = (r: FileResult) => (r.edit && 'bare' in r.edit ? r.edit : undefined);
  const line = (label: string, pick: (r: FileResult) => boolean | undefined, base: (r: FileResult) => boolean) =>
    `| ${label} | ${EDITORS.map((e) => `${count(of(e), pick)} / ${count(of(e), base)}`).join(' | ')} |`;
  const opened = (r: FileResult) => r.opened && !!r.unedited;
  const hasEdit = (r: FileResult) => !!edited(r);
  return [
    `| ${results.length / 2} files sampled (${refused.length} refused by our processing) | 1.9.0 | 2.x |`,
    '|---|---|---|',
    line('opened and saved', (r) => opened(r), () => true),
    line('unedited save, as the editor wrote it: body identical in meaning', (r) => r.unedited?.bare.meaning, opened),
    line('unedited save, as the editor wrote it: body paragraphs and tables identical in meaning (root namespace declarations aside)', (r) => r.unedited?.bare.bodyMeaning, opened),
    line('unedited save, through our merge: exact (every part and paragraph)', (r) => r.unedited?.merged.exact, opened),
    line('one-word edit reached (word selected, typed over)', hasEdit, opened),
    line('one-word edit, as the editor wrote it: confined to the paragraph', (r) => edited(r)?.bare.confined, hasEdit),
    line('one-word edit, through our merge: confined', (r) => edited(r)?.merged.confined, hasEdit),
    line('one-word edit, through our merge: exact (edited paragraph the ideal edit)', (r) => edited(r)?.merged.exact, hasEdit),
  ].join('\n');
}

function fidelityDetail(results: FileResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    const bits: string[] = [];
    if (r.error) bits.push(`error: ${r.error}`);
    if (r.unedited && !r.unedited.merged.exact) bits.push(`unedited merged: ${r.unedited.merged.problems.slice(0, 2).join('; ')}`);
    if (r.edit && 'unreachable' in r.edit) bits.push(`edit: ${r.edit.unreachable}`);
    else if (r.edit && !r.edit.merged.exact) bits.push(`edit merged: ${r.edit.merged.problems.slice(0, 2).join('; ')}`);
    if (bits.length) lines.push(`- ${LABEL[r.editor]} ${r.name}: ${bits.join(' | ').slice(0, 400)}`);
  }
  return lines.join('\n');
}

async function main() {
  const { runs, sizes, files, only } = args();
  if (!fs.existsSync(path.join(HERE, 'node_modules/@docx-editor.dev/react'))) {
    throw new Error('The 2.x packages are not installed: npm install --prefix bench/editor-successor');
  }
  const version = JSON.parse(fs.readFileSync(path.join(HERE, 'node_modules/@docx-editor.dev/react/package.json'), 'utf8')).version as string;
  const startLoad = loadAverage();
  console.info(`building the two pages (1.9.0 and ${version}) into ${OUT_DIR}; load average ${startLoad}`);
  await build({ ...config, configFile: false });
  const server = await BenchServer.start(OUT_DIR);
  const browser = await launch();
  const out: string[] = [`# Editor successor bench: 1.9.0 against @docx-editor.dev ${version}`, '', `Run ${new Date().toISOString()}, ${os.cpus().length} cores, load average at start ${startLoad}.`];
  const section = (title: string, body: string) => {
    out.push('', `## ${title}`, '', body);
    console.info(`\n## ${title}\n\n${body}`);
  };
  try {
    const docs = new Map(sizes.map((s) => [s, `contract-${s}p`]));
    for (const s of sizes) server.docs.set(`contract-${s}p`, contract(s));
    if (only.has('weight')) {
      const w = { v1: await pageWeight(browser, server, 'v1', 'contract-1p'), v2: await pageWeight(browser, server, 'v2', 'contract-1p') };
      section('Page weight', weightTable(w));
    }
    if (only.has('speed')) {
      const { results, errors } = await openSpeed(browser, server, docs, runs);
      section(`Open speed (ms from navigation, ${runs} cold runs each, alternating; load average now ${loadAverage()})`, speedTable(results, sizes) + (errors.length ? `\n\nErrors: ${errors.join('; ')}` : ''));
    }
    if (only.has('fidelity')) {
      const corpus = benchCorpus();
      if (!corpus) throw new Error('no corpus: set REDRAFT_CORPUS_DIR or put it at ../shared/corpus/docx');
      const { results, refused } = await fidelity(browser, server, sample(corpus.dir, files), corpus.dir);
      section(`Fidelity (load average now ${loadAverage()})`, `${fidelityTable(results, refused)}\n\nWhere a save fell short:\n\n${fidelityDetail(results)}`);
    }
    if (only.has('features')) {
      const f = await features(browser, server);
      const keys = [...new Set([...Object.keys(f.v1), ...Object.keys(f.v2)])];
      section('Our needs, tried', ['| need | 1.9.0 | 2.x |', '|---|---|---|', ...keys.map((k) => `| ${k} | ${(f.v1[k] ?? '—').replaceAll('|', '/')} | ${(f.v2[k] ?? '—').replaceAll('|', '/')} |`)].join('\n'));
    }
  } finally {
    await browser.close();
    await server.close();
  }
  out.push('', `Load average at the end: ${loadAverage()}.`, '');
  fs.writeFileSync(path.join(HERE, 'RESULTS.md'), out.join('\n'));
  console.info('\nwritten to bench/editor-successor/RESULTS.md');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
