import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { type Corpus, isSharedCorpus } from '../../tests/support/corpus';
import { describeCorpus } from '../../tests/support/corpus-suite';
import { DEFAULT_STYLE_RULES } from '@common/schemas/review';
import { reviewOffline } from './offline-review';
import { DEFAULT_TIME_MS } from '../work/work-pool';
import { inspectDocx } from '../docx/inspect';
import { processDocx } from '../docx/process';
import { extractText } from '../docx/text';
import { readReviewDocument } from './document-model';
import type { ReviewDocument } from './types';

/**
 * The review over the real documents of the folder REDRAFT_CORPUS_DIR names (tests/support/corpus.ts):
 * the document model reads every document processDocx accepts as extractText does, and the whole
 * offline review runs on each with every rule, covering every paragraph, within the time the
 * benchmark's goal allows a 300-page document (bench/review.bench.ts).
 */
describeCorpus(import.meta.filename, { timeout: 600_000 }, corpusSuite);

function corpusSuite(corpus: Corpus): void {
  const read = (file: string) => new Uint8Array(fs.readFileSync(file));
  const name = (file: string) => path.relative(corpus.dir, file).split(path.sep).join('/');

  it('reads every document processDocx accepts, its body paragraph for paragraph as extractText does', () => {
    let accepted = 0;
    const problems: string[] = [];
    for (const file of corpus.files) {
      const bytes = read(file);
      if (!processDocx(bytes).ok) continue;
      accepted++;
      let doc: ReviewDocument;
      try {
        doc = readReviewDocument(bytes);
      } catch (e) {
        problems.push(`${name(file)}: threw ${e instanceof Error ? e.message : String(e)}`);
        continue;
      }
      const inspected = inspectDocx(bytes);
      if (!inspected.ok) throw new Error(`${name(file)}: processDocx accepted what inspectDocx refuses`);
      const expected = extractText(inspected.pkg).paragraphs.map((p) => p.text);
      const body = doc.paragraphs.filter((p) => p.part === 'body');
      if (body.length !== expected.length) problems.push(`${name(file)}: ${body.length} body paragraphs, extractText has ${expected.length}`);
      else if (body.some((p, i) => p.text !== expected[i])) problems.push(`${name(file)}: a body paragraph's text differs from extractText's`);
      if (doc.paragraphs.some((p, i) => p.index !== i)) problems.push(`${name(file)}: indexes are not 0, 1, 2...`);
    }
    expect(problems).toEqual([]);
    expect(accepted).toBeGreaterThan(0);
  });

  it('reviews every document processDocx accepts with every rule, covering every paragraph, each within the time budget of the review task', () => {
    const problems: string[] = [];
    let reviewed = 0;
    for (const file of corpus.files) {
      const bytes = read(file);
      const processed = processDocx(bytes);
      if (!processed.ok) continue;
      try {
        const started = performance.now();
        // The editable copy, as the server reviews it: every paragraph has its id.
        const review = reviewOffline({ bytes: processed.editable, style: { ...DEFAULT_STYLE_RULES, serialComma: 'on' } });
        const ms = performance.now() - started;
        const total = readReviewDocument(processed.editable).paragraphs.length;
        reviewed++;
        if (review.failedRules.length > 0) problems.push(`${name(file)}: rules failed: ${review.failedRules.join(', ')}`);
        if (review.paragraphs.length !== total) problems.push(`${name(file)}: covered ${review.paragraphs.length} of ${total} paragraphs`);
        // The budget the server gives the task (a correctness bound, not a speed figure: those are in bench/review.bench.ts).
        if (ms > DEFAULT_TIME_MS.review) problems.push(`${name(file)}: ${ms.toFixed(0)} ms, over the ${DEFAULT_TIME_MS.review} ms budget`);
        for (const f of review.findings) {
          const text = review.paragraphs[f.paragraph]!.text;
          if (f.offset < 0 || f.length <= 0 || f.offset + f.length > text.length) problems.push(`${name(file)}: a ${f.rule} finding outside its paragraph`);
        }
      } catch (e) {
        problems.push(`${name(file)}: threw ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(reviewed).toBeGreaterThan(0);
  });

  // These documents (Apache POI's test files) say in their text what number Word shows.
  it.runIf(isSharedCorpus(corpus))('labels lists as Word does: restarts, a new list at 10, a list carried on after a break, overridden formats', () => {
    const labelled = (file: string) =>
      readReviewDocument(read(path.join(corpus.dir, file)))
        .paragraphs.filter((p) => p.label !== null)
        .map((p) => `${p.label} ${p.text}`);
    expect(labelled('poi/ComplexNumberedLists.docx')).toEqual([
      '1. Entry #1',
      '2. Entry #2, with children',
      'a. 2-a',
      'b. 2-b',
      'c. 2-c',
      '3. Entry #3',
      '4. Entry #4',
      '1. Restarted to 1 from 5',
      '2. Restarted @ 2',
      '3. Restarted @ 3',
      '10. Jump to new list at 10',
      '11. Now 11',
      '12. Carrying on @ 12',
      '13. Carrying on @ 13',
    ]);
    expect(labelled('poi/NumberingWOverrides.docx')).toEqual(['1 1', 'B B', 'C C', 'A A', 'B B', '4 4']);
  });
}
