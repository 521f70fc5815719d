/**
 * The opt-in corpus (corpus.ts, corpus-line.ts): unset, the suites are named as not run; set to
 * anything but a folder of .docx files, the gate stops at once with the reason.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_ENV, CORPUS_SUITES, CorpusDirError, corpusLine, isSharedCorpus, openCorpus } from './corpus';

const ROOT = path.resolve(import.meta.dirname, '../..');

let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-corpus-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function refusal(value: string): CorpusDirError {
  try {
    openCorpus({ [CORPUS_ENV]: value });
  } catch (e) {
    if (e instanceof CorpusDirError) return e;
    throw e;
  }
  throw new Error(`${CORPUS_ENV}=${value} was accepted`);
}

describe('openCorpus', () => {
  it('is undefined when REDRAFT_CORPUS_DIR is unset', () => {
    expect(openCorpus({})).toBeUndefined();
  });

  it('refuses a folder that does not exist', () => {
    expect(refusal('/nonexistent').message).toMatch(/^REDRAFT_CORPUS_DIR=\/nonexistent does not exist: /);
  });

  it('refuses a folder that holds no .docx', () => {
    const empty = fs.mkdtempSync(path.join(scratch, 'empty-'));
    fs.writeFileSync(path.join(empty, 'notes.txt'), 'not a document');
    expect(refusal(empty).message).toMatch(/ holds no \.docx files: /);
  });

  it('refuses a value that is set but empty', () => {
    expect(refusal('').message).toMatch(/^REDRAFT_CORPUS_DIR is set but empty: /);
    expect(refusal('  ').message).toMatch(/ is set but empty: /);
  });

  it('refuses a file that is not a folder', () => {
    const file = path.join(scratch, 'one.docx');
    fs.writeFileSync(file, 'PK');
    expect(refusal(file).message).toMatch(/ is not a folder: /);
  });

  it('finds every .docx at any depth, sorted, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(scratch, 'corpus-'));
    fs.mkdirSync(path.join(dir, 'b'));
    for (const f of ['b/two.docx', 'a.DOCX', 'b/notes.txt']) fs.writeFileSync(path.join(dir, f), 'PK');
    expect(openCorpus({ [CORPUS_ENV]: dir })).toEqual({ dir, files: [path.join(dir, 'a.DOCX'), path.join(dir, 'b/two.docx')] });
  });
});

describe('isSharedCorpus', () => {
  it('tells the shared corpus by its layout, poi/ and python-docx/ and nothing else beside them', () => {
    const dir = fs.mkdtempSync(path.join(scratch, 'layout-'));
    for (const sub of ['poi', 'python-docx']) {
      fs.mkdirSync(path.join(dir, sub));
      fs.writeFileSync(path.join(dir, sub, 'a.docx'), 'PK');
    }
    const corpus = () => openCorpus({ [CORPUS_ENV]: dir })!;
    expect(isSharedCorpus(corpus())).toBe(true);
    fs.writeFileSync(path.join(dir, 'mine.docx'), 'PK');
    expect(isSharedCorpus(corpus())).toBe(false);
    fs.rmSync(path.join(dir, 'mine.docx'));
    fs.rmSync(path.join(dir, 'poi'), { recursive: true });
    expect(isSharedCorpus(corpus())).toBe(false);
  });
});

describe('corpusLine', () => {
  it('unset: says the suites were not run, names every one, and how to run them', () => {
    const line = corpusLine({});
    expect(line).toContain('not run');
    for (const suite of Object.keys(CORPUS_SUITES)) expect(line).toContain(suite);
    expect(line).toContain(`${CORPUS_ENV}=`);
  });
});

describe('corpus-line.ts --check, the first step of npm test', () => {
  const check = (value: string | undefined) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    if (value === undefined) delete env[CORPUS_ENV];
    else env[CORPUS_ENV] = value;
    return spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/corpus-line.ts', '--check'], { cwd: ROOT, env, encoding: 'utf8' });
  };

  it('stops the gate with the reason on stderr when the folder does not exist', () => {
    const run = check('/nonexistent');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^REDRAFT_CORPUS_DIR=\/nonexistent does not exist: point it at a folder of \.docx files/);
    expect(run.stdout).toBe('');
  });

  it('passes silently when the variable is unset', () => {
    const run = check(undefined);
    expect([run.status, run.stdout, run.stderr]).toEqual([0, '', '']);
  });
});
