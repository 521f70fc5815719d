/**
 * A large, valid .docx of a chosen size: many pages of real paragraphs (from the template
 * builder) plus an incompressible picture, the way real 10 MB documents get their bulk.
 * `clauses` sets the length (a clause is a heading and six paragraphs). When the text alone
 * reaches `targetBytes` there is no picture, so `bigDocx(0, n)` is text only.
 */
import { randomBytes } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { buildTemplateDocx } from '../../server/templates/docx-builder';

export function bigDocx(targetBytes: number, clauses = 300): Uint8Array {
  const sections = Array.from({ length: clauses }, (_, i) => ({
    heading: `Clause ${i + 1}: Obligations of the parties`,
    guidance: Array.from(
      { length: 6 },
      (_, j) =>
        `Paragraph ${j + 1} of clause ${i + 1}. The Supplier shall deliver the Services with reasonable skill and care, ` +
        `in accordance with good industry practice, and shall notify the Customer in writing within ten (10) business days ` +
        `of becoming aware of any matter that may delay performance.`,
    ),
  }));
  const base = buildTemplateDocx({ title: 'Master Services Agreement', subtitle: 'Benchmark document', description: 'bench', sections });
  const padding = targetBytes - base.length - 2048;
  if (padding <= 0) return base;
  const files = unzipSync(base);
  const picture = randomBytes(padding);
  files['word/media/image1.png'] = new Uint8Array(picture.buffer, picture.byteOffset, picture.byteLength);
  const types = new TextDecoder().decode(files['[Content_Types].xml']!);
  files['[Content_Types].xml'] = strToU8(types.replace('<Default ', '<Default Extension="png" ContentType="image/png"/><Default '));
  return zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, [v, { level: k.endsWith('.png') ? 0 : 6 }]])));
}

/**
 * Pages wanted → clauses that the embedded editor lays out as that many A4 pages, found by
 * counting the laid-out pages (bench/editor-ready.bench.ts prints the count on every run, so a
 * drift shows). It is not linear (where page breaks fall shifts): 192 clauses make 99 pages and
 * 194 make 101; about 1.94 clauses a page.
 */
export const CLAUSES_FOR_PAGES: ReadonlyMap<number, number> = new Map([
  [1, 1],
  [20, 37],
  [100, 193],
  [300, 581],
  [1000, 1940],
]);
