/**
 * processDocx timings: the largest corpus files, a ~10 MB upload made of many paragraphs plus an
 * incompressible picture (how real 10 MB documents get their bulk), 10 MB whose bulk is prose
 * (bench/support/prose-docx.ts, about 24 MB unpacked), and the worst case the limits allow: a
 * body just under MAX_STORY_XML_BYTES. Prints wall and CPU time of the first (cold) run and the
 * median, and the load average, since a busy machine doubles the numbers.
 * Run: npx tsx bench/docx-process.bench.ts
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_UPLOAD_BYTES } from '../common/limits';
import { benchCorpus } from '../tests/support/corpus';
import { buildDocx } from '../tests/support/docx/fixtures';
import { MAX_STORY_XML_BYTES } from '../server/docx/limits';
import { processDocx } from '../server/docx/process';
import { proseDocx } from './support/prose-docx';

const RUNS = 7;
const WORDS = 'the supplier shall deliver services with reasonable skill care in accordance good industry practice notify customer writing within ten business days of becoming aware any matter that may delay performance agreement party clause'.split(' ');

/** A Word-like paragraph: rsids, a style, run properties, ~40 words of varied text. */
function paragraph(i: number): string {
  let text = '';
  for (let w = 0; w < 40; w++) text += `${WORDS[(i * 7 + w * 13 + (w * w) % 11) % WORDS.length]} `;
  const rsid = (0x00a00000 + (i % 4096)).toString(16).toUpperCase().padStart(8, '0');
  return (
    `<w:p w:rsidR="${rsid}" w:rsidRDefault="${rsid}"><w:pPr><w:pStyle w:val="BodyText"/><w:spacing w:after="120"/></w:pPr>` +
    `<w:r><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/></w:rPr><w:t xml:space="preserve">${i}. ${text}</w:t></w:r></w:p>`
  );
}

function docxOfSize(target: number, paragraphs: number, picture: boolean): Uint8Array {
  const body = Array.from({ length: paragraphs }, (_, i) => paragraph(i)).join('');
  const text = buildDocx({ body });
  if (!picture) return text;
  return buildDocx({ body, extraParts: { 'word/media/image1.png': randomBytes(Math.max(0, target - text.length - 1024)) } });
}

/** The longest body the limits accept, and so the slowest document processDocx will take. */
function longestAcceptedDocx(): Uint8Array {
  const perParagraph = paragraph(99_999).length;
  return docxOfSize(0, Math.floor((MAX_STORY_XML_BYTES - 4096) / perParagraph), false);
}

function time(label: string, bytes: Uint8Array): void {
  const wall: number[] = [];
  const cpu: number[] = [];
  let words = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const before = process.cpuUsage();
    const result = processDocx(bytes);
    const used = process.cpuUsage(before);
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
    if (!result.ok) throw new Error(`${label} refused: ${result.reason} (${result.detail})`);
    words = result.wordCount;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[RUNS >> 1]!.toFixed(0).padStart(5);
  const mb = (bytes.length / 1024 / 1024).toFixed(2);
  console.info(
    `${label.padEnd(50)} ${mb.padStart(6)} MB  first ${wall[0]!.toFixed(0).padStart(5)} ms  median ${median(wall)} ms wall, ${median(cpu)} ms CPU  (${words} words)`,
  );
}

function main() {
  console.info(`processDocx, ${RUNS} runs each; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.availableParallelism()} CPUs`);
  // The largest corpus files: REDRAFT_CORPUS_DIR, else the shared corpus if it is beside the checkout.
  const corpus = benchCorpus();
  if (corpus) {
    const files = corpus.files;
    const bySize = files.map((f) => ({ f, size: fs.statSync(f).size })).sort((a, b) => b.size - a.size);
    for (const { f } of bySize.slice(0, 3)) time(`corpus ${path.basename(f)}`, new Uint8Array(fs.readFileSync(f)));
  }
  // ~40 words a paragraph: 3,000 is a 100-page contract, 20,000 about 650 pages.
  time('synthetic: 3,000 paragraphs + picture, 10 MB', docxOfSize(MAX_UPLOAD_BYTES, 3_000, true));
  time('synthetic: 20,000 paragraphs + picture, 10 MB', docxOfSize(MAX_UPLOAD_BYTES, 20_000, true));
  time('synthetic: 10 MB of prose (the text document of bench:upload)', proseDocx(MAX_UPLOAD_BYTES - 64 * 1024));
  time('synthetic: longest body the limits accept', longestAcceptedDocx());
}

main();
