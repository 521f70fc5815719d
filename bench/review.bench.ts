/**
 * The whole-document review (issue 16) on the generated contracts of bench:editor at 20, 100 and
 * 300 pages: the built-in rules as the work pool runs them (reviewOffline: read the document,
 * every rule), goal 300 pages in 3 s or less; beside it, a reference measured in the same run on
 * the same file (problems planted in one paragraph in five, so the rules build findings), unzipping the package and reading the body's text (the least any review costs).
 * And the model path's size for the same documents at the default context (24,000 characters):
 * how many chunks, so how many requests, one free-text rule costs. Prints; asserts nothing.
 * Run: npx tsx bench/review.bench.ts
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { DEFAULT_STYLE_RULES } from '@common/schemas/review';
import { DEFAULT_LIMITS } from '../server/adapters/ai/model';
import { processDocx } from '../server/docx/process';
import { chunkParagraphs } from '../server/review/model-review';
import { reviewOffline } from '../server/review/offline-review';
import { CLAUSES_FOR_PAGES, bigDocx } from './support/big-docx';
import { bodyTextLength as reference } from './support/body-text';

const RUNS = 5;
const RULE = { id: 'payment', text: 'Payment terms must not exceed 30 days' };

/** The contract with problems planted in every fifth 'reasonable skill' (so the rules have findings to build, as in real use). */
function planted(bytes: Uint8Array): Uint8Array {
  const files = unzipSync(bytes);
  let n = 0;
  const xml = strFromU8(files['word/document.xml']!).replace(/reasonable skill/g, (m) => (n++ % 5 === 0 ? 'reasonable the the skill within thirty (31) days, in colour and color,' : m));
  files['word/document.xml'] = strToU8(xml);
  return zipSync(files);
}

function median(f: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    f();
    times.push(performance.now() - start);
  }
  return [...times].sort((x, y) => x - y)[RUNS >> 1]!;
}

console.info(`reviewOffline, median of ${RUNS}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.availableParallelism()} CPUs`);
for (const pages of [20, 100, 300]) {
  const processed = processDocx(planted(bigDocx(0, CLAUSES_FOR_PAGES.get(pages)!)));
  if (!processed.ok) throw new Error(processed.reason);
  const bytes = processed.editable;
  const once = reviewOffline({ bytes, style: DEFAULT_STYLE_RULES });
  const ref = median(() => reference(bytes));
  const review = median(() => reviewOffline({ bytes, style: DEFAULT_STYLE_RULES }));
  const chunks = chunkParagraphs(once.paragraphs, DEFAULT_LIMITS.contextChars, RULE.id.length + RULE.text.length + 4);
  console.info(
    `${String(pages).padStart(3)} pages: ${once.paragraphs.length} paragraphs, ${once.findings.length} findings; ` +
      `review ${review.toFixed(0)} ms (goal at 300 pages: 3000), reference ${ref.toFixed(0)} ms, ratio ${(review / ref).toFixed(1)}x; ` +
      `model path: ${chunks.length} chunks = ${chunks.length} requests per review, at most 3 at a time`,
  );
}
