/**
 * Two other readers of the documents we write: LibreOffice (converts each to PDF) and python-docx
 * (opens each; optionally, a paragraph's text holds a given string). Used by the fidelity bench
 * (bench/fidelity) over the editor's saves and by the redline corpus suite
 * (server/docx/compare/corpus.unit.test.ts); LibreOffice's reading of one document's comments
 * and tracked changes by the review journey (tests/e2e/review.spec.ts). LibreOffice takes seconds
 * to start, so all files go through one soffice call per directory; python-docx reads them all in
 * one python process.
 * python-docx comes from Debian (python3-docx), so /usr/bin/python3 is used: the `python3` first
 * on PATH may be another interpreter without it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ExternalJob {
  file: string;
  /** Look for `text` in the paragraph with this w14:paraId. */
  paraId?: string;
  text?: string;
}

export interface PythonDocxResult {
  ok: boolean;
  /** Paragraphs python-docx lists in the body (Document.paragraphs: top level, tables' left out). */
  paragraphs: number | null;
  text: boolean | null;
  xmlText: boolean | null;
  error?: string;
}

/** The Debian packages that provide both readers (and pdftotext), as .ci/run installs them. */
const READERS_PACKAGES = 'libreoffice-writer-nogui python3-docx poppler-utils';

export function toolsAvailable(): { soffice: boolean; pythonDocx: boolean } {
  const soffice = spawnSync('soffice', ['--version'], { encoding: 'utf8' }).status === 0;
  const py = spawnSync('/usr/bin/python3', ['-c', 'import docx'], { encoding: 'utf8' }).status === 0;
  return { soffice, pythonDocx: py };
}

/** What a suite that needs both readers lacks, as a sentence saying how to get it; undefined when nothing. */
export function missingReaders(tools = toolsAvailable()): string | undefined {
  const missing = [...(tools.soffice ? [] : ['LibreOffice (soffice)']), ...(tools.pythonDocx ? [] : ['python-docx (/usr/bin/python3 -c "import docx")'])];
  if (missing.length === 0) return undefined;
  return `${missing.join(' and ')} not found: install them with \`apt-get install ${READERS_PACKAGES}\` (.ci/run does this)`;
}

/** The text LibreOffice laid out in a converted PDF, whitespace collapsed (poppler's pdftotext), or undefined without it. */
export function pdfText(pdf: string): string | undefined {
  const r = spawnSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return r.status === 0 ? r.stdout.replace(/\s+/g, ' ') : undefined;
}

/** Converts every .docx in `dir` to PDF in one soffice run; returns the names that produced a non-empty PDF. */
export function convertAll(dir: string): { converted: Set<string>; ms: number; log: string } {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.docx'));
  const outDir = path.join(dir, 'pdf');
  fs.mkdirSync(outDir, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-lo-profile-'));
  const started = performance.now();
  const r = spawnSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, ...files.map((f) => path.join(dir, f))], {
    encoding: 'utf8',
    timeout: 40 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  fs.rmSync(profile, { recursive: true, force: true });
  const converted = new Set<string>();
  for (const f of files) {
    const pdf = path.join(outDir, f.replace(/\.docx$/, '.pdf'));
    if (fs.existsSync(pdf) && fs.statSync(pdf).size > 0) converted.add(f);
  }
  return { converted, ms, log: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

const PYTHON = String.raw`
import json, sys, docx
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph
W14 = '{http://schemas.microsoft.com/office/word/2010/wordml}paraId'
for job in json.load(sys.stdin):
    out = {'file': job['file'], 'ok': False, 'paragraphs': None, 'text': None, 'xmlText': None}
    try:
        d = docx.Document(job['file'])
        out['paragraphs'] = len(d.paragraphs)
        out['ok'] = True
        if job.get('paraId'):
            found = [p for p in d.element.body.iter(qn('w:p')) if p.get(W14) == job['paraId']]
            if found:
                out['text'] = job['text'] in Paragraph(found[0], d).text
                out['xmlText'] = job['text'] in ''.join(t.text or '' for t in found[0].iter(qn('w:t')))
            else:
                out['text'] = False
                out['xmlText'] = False
    except Exception as e:
        out['error'] = type(e).__name__ + ': ' + str(e)[:200]
    print(json.dumps(out), flush=True)
`;

/** Every job in one python process; a file python did not answer for carries the process's last words. */
export function pythonDocxAll(jobs: readonly ExternalJob[]): Map<string, PythonDocxResult> {
  const r = spawnSync('/usr/bin/python3', ['-c', PYTHON], { input: JSON.stringify(jobs), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 20 * 60_000 });
  const results = new Map<string, PythonDocxResult>();
  for (const line of (r.stdout ?? '').split('\n')) {
    if (!line.trim()) continue;
    const { file, ...o } = JSON.parse(line) as PythonDocxResult & { file: string };
    results.set(file, o);
  }
  if (results.size < jobs.length) {
    const why = `${r.stderr ?? ''}${r.error ? String(r.error) : ''}`.slice(-300) || 'no answer';
    for (const j of jobs) if (!results.has(j.file)) results.set(j.file, { ok: false, paragraphs: null, text: null, xmlText: null, error: why });
  }
  return results;
}

/**
 * The document as LibreOffice reads it, as flat OpenDocument XML (soffice --convert-to fodt): its
 * comments (office:annotation) and tracked changes (text:tracked-changes) included. Undefined when
 * LibreOffice wrote nothing.
 */
export function libreOfficeFlatXml(docx: Uint8Array): string | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-lo-fodt-'));
  const profile = path.join(dir, 'profile');
  try {
    fs.writeFileSync(path.join(dir, 'document.docx'), docx);
    spawnSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'fodt', '--outdir', dir, path.join(dir, 'document.docx')], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    const out = path.join(dir, 'document.fodt');
    return fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
