/** The shared corpus of real .docx files written by other projects (../shared/corpus). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus/docx');

export function corpusFiles(): string[] {
  return ['poi', 'python-docx'].flatMap((sub) =>
    fs
      .readdirSync(path.join(CORPUS_DIR, sub))
      .filter((f) => f.toLowerCase().endsWith('.docx'))
      .sort()
      .map((f) => path.join(CORPUS_DIR, sub, f)),
  );
}

export function corpusFile(relative: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, relative)));
}

/** A real, well-formed contract-like document from the corpus for the ordinary cases. */
export const SAMPLE = 'python-docx/test.docx';
export const ENCRYPTED = 'poi/bug53475-password-is-pass.docx';
