/**
 * The external corpus of real .docx files written by other projects, opt-in through
 * REDRAFT_CORPUS_DIR. The default run never needs it: the documents it uploads, merges and opens
 * are generated (docx/realistic.ts). With REDRAFT_CORPUS_DIR set, the suites in CORPUS_SUITES run
 * over every .docx under that folder (any depth: the shared corpus has poi/ and python-docx/), and
 * a folder that is missing or holds no .docx is an error, never a silent skip. .ci/run points it
 * at the shared corpus.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_ENV = 'REDRAFT_CORPUS_DIR';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the shared corpus sits beside a checkout of the workspace, as the messages spell it. */
export const SHARED_CORPUS_HINT = '../shared/corpus/docx';

/** The suites that need the corpus; the skip line names them and describeCorpus refuses others. */
export const CORPUS_SUITES = {
  'server/docx/corpus.unit.test.ts': 'processDocx over the corpus',
  'server/docx/merge/corpus.unit.test.ts': 'mergeSave over the corpus',
  'server/docx/compare/corpus.unit.test.ts': 'redlineDocx over the corpus, read by LibreOffice and python-docx',
  'server/features/documents/corpus.test.ts': 'every corpus file through the upload API',
  'server/review/corpus.unit.test.ts': 'the whole-document review over the corpus',
} as const;
export type CorpusSuite = keyof typeof CORPUS_SUITES;

export interface Corpus {
  /** Absolute. */
  readonly dir: string;
  /** Every .docx under dir, absolute, sorted by their path relative to dir. */
  readonly files: readonly string[];
}

/** REDRAFT_CORPUS_DIR is set but does not name a folder of .docx files. */
export class CorpusDirError extends Error {
  override name = 'CorpusDirError';
}

const HOW = `point it at a folder of .docx files (the shared corpus is ${SHARED_CORPUS_HINT}) or unset it to run without the corpus suites`;

/**
 * The corpus REDRAFT_CORPUS_DIR names, or undefined when it is unset. Throws CorpusDirError when
 * it is set (even to nothing) and the folder is missing, not a folder, or holds no .docx file.
 * A relative value is taken from the current directory.
 */
export function openCorpus(env: NodeJS.ProcessEnv = process.env): Corpus | undefined {
  const value = env[CORPUS_ENV];
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new CorpusDirError(`${CORPUS_ENV} is set but empty: ${HOW}`);
  const dir = path.resolve(value);
  const shown = dir === value ? value : `${value} (${dir})`;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    throw new CorpusDirError(`${CORPUS_ENV}=${shown} does not exist: ${HOW}`);
  }
  if (!stat.isDirectory()) throw new CorpusDirError(`${CORPUS_ENV}=${shown} is not a folder: ${HOW}`);
  const files = docxUnder(dir);
  if (files.length === 0) throw new CorpusDirError(`${CORPUS_ENV}=${shown} holds no .docx files: ${HOW}`);
  return { dir, files };
}

/**
 * The shared corpus is laid out as these folders, and nothing else is at its top. Suites that know
 * its files one by one (how many, which are refused and why) check that first, and hold any other
 * folder only to what holds for every document.
 */
export const SHARED_CORPUS_LAYOUT = ['poi', 'python-docx'] as const;

export function isSharedCorpus(corpus: Corpus): boolean {
  return fs.readdirSync(corpus.dir).sort().join('\n') === SHARED_CORPUS_LAYOUT.join('\n');
}

function docxUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => f.toLowerCase().endsWith('.docx') && fs.statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * For benchmarks, run by hand: REDRAFT_CORPUS_DIR when set (checked as above), else the shared
 * corpus beside the checkout if it is there, else undefined.
 */
export function benchCorpus(): Corpus | undefined {
  const found = openCorpus();
  if (found) return found;
  const shared = path.resolve(ROOT, SHARED_CORPUS_HINT);
  return fs.existsSync(shared) ? openCorpus({ [CORPUS_ENV]: shared }) : undefined;
}

/** The one line a run prints about the corpus suites: which were not run and how to run them, or what they ran over. */
export function corpusLine(env: NodeJS.ProcessEnv = process.env): string {
  const corpus = openCorpus(env);
  const suites = Object.keys(CORPUS_SUITES).join(', ');
  if (!corpus) return `Corpus suites not run (${CORPUS_ENV} is unset): ${suites}. To run them: ${CORPUS_ENV}=${SHARED_CORPUS_HINT} npm test`;
  return `Corpus suites ran over the ${corpus.files.length} .docx files in ${corpus.dir}: ${suites}.`;
}
