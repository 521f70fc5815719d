/**
 * A Vitest suite over the opt-in corpus (corpus.ts). REDRAFT_CORPUS_DIR unset: one skipped test
 * that says how to run it (the run's closing line names every such suite, corpus-line.ts). Set
 * to a folder of .docx files: the suite. Set to anything else: one failing test whose error says
 * what is wrong and what to do, while the rest of the file still runs.
 */
import path from 'node:path';
import { describe, it } from 'vitest';
import { CORPUS_ENV, CORPUS_SUITES, type Corpus, CorpusDirError, type CorpusSuite, SHARED_CORPUS_HINT, openCorpus } from './corpus';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `file` is the test file's import.meta.filename; it must be listed in CORPUS_SUITES. */
export function describeCorpus(file: string, options: { timeout?: number }, body: (corpus: Corpus) => void): void {
  const suite = path.relative(ROOT, file).split(path.sep).join('/');
  if (!(suite in CORPUS_SUITES)) throw new Error(`${suite} reads the corpus but is not in CORPUS_SUITES (tests/support/corpus.ts), so the skip line would not name it`);
  const title = `${CORPUS_SUITES[suite as CorpusSuite]} (${CORPUS_ENV})`;
  let corpus: Corpus | undefined;
  let problem: CorpusDirError | undefined;
  try {
    corpus = openCorpus();
  } catch (e) {
    if (!(e instanceof CorpusDirError)) throw e;
    problem = e;
  }
  if (problem) {
    const error = problem;
    describe(title, () => {
      it(`${CORPUS_ENV} names a folder of .docx files`, () => {
        throw error;
      });
    });
  } else if (!corpus) {
    describe.skip(title, () => {
      it(`needs ${CORPUS_ENV}, e.g. ${CORPUS_ENV}=${SHARED_CORPUS_HINT}`, () => {});
    });
  } else {
    const found = corpus;
    describe(title, options, () => body(found));
  }
}
