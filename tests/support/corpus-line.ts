/**
 * `npm test` runs this first with --check (a REDRAFT_CORPUS_DIR that names no folder of .docx
 * files stops the gate at once, with the reason) and last without (the one line about the corpus
 * suites: which were not run and how to run them, or what they ran over).
 */
import { CorpusDirError, corpusLine, openCorpus } from './corpus';

try {
  if (process.argv.includes('--check')) openCorpus();
  else console.info(corpusLine());
} catch (e) {
  if (!(e instanceof CorpusDirError)) throw e;
  console.error(e.message);
  process.exitCode = 1;
}
