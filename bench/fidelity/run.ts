/**
 * The save-merge fidelity check with the REAL editor: every corpus .docx uploaded to the real
 * server, opened at /editor/{id} in Chromium, edited the way a person edits (mouse, keyboard,
 * chat), saved with Ctrl+S; what the server stored compared with the version it was edited from.
 * The simulated twin is server/docx/merge/corpus.unit.test.ts; this one finds what the simulator
 * does not know the editor does. Scenarios, each from a fresh upload:
 *   unedited  open, Ctrl+S (the product does not save when nothing changed: no PUT expected)
 *   noop      a letter typed and deleted, Ctrl+S: the editor's full export of an unchanged document
 *   replace   one word selected by mouse and typed over
 *   bold      the same word made bold with Ctrl+B
 *   suggest   'Suggest edits' on, the same word replaced with the chat's Replace (a tracked change)
 * Then LibreOffice and python-docx read every saved file. Prints a report and writes it to
 * docs/fidelity-report.md.
 * Run: npx tsx bench/fidelity/run.ts [--limit N] [--only name] [--from N]   (npm run bench:fidelity)
 * (--from N starts at the Nth file as the run numbers them: to finish a run that stopped.)
 * The corpus is REDRAFT_CORPUS_DIR, or the shared corpus beside the checkout (../shared/corpus/docx)
 * when that is unset (tests/support/corpus.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { startFakeOpenAI } from '../../tests/support/fake-openai';
import { CORPUS_ENV, SHARED_CORPUS_HINT, benchCorpus } from '../../tests/support/corpus';
import { inspectDocx } from '../../server/docx/inspect';
import { type Target, targets } from '../../tests/support/docx/editor-simulator';
import { mergeSave } from '../../server/docx/merge/merge';
import { readTree } from '../../server/docx/merge/tree';
import { Api } from './api';
import { EditorSession, REPLACEMENT, Unreachable, type WordTarget } from './browser';
import { type Comparison, compare, type Scenario } from './compare';
import { type ExternalJob, convertAll, pdfText, pythonDocxAll, toolsAvailable } from '../../tests/support/external-readers';
import { type Outcome, renderReport, type RunInfo } from './report';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { FidelityServer, ROOT } from './server';
import { LIMITS } from '../../server/features/rate-limit/rate-limit.service';

const SCENARIOS: readonly Scenario[] = ['unedited', 'noop', 'replace', 'bold', 'suggest'];
/** A file takes at most one upload per scenario (the first, then one for each after 'unedited'). */
const UPLOADS_PER_FILE = SCENARIOS.length;

function args() {
  const argv = process.argv.slice(2);
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const limit = value('--limit');
  const from = value('--from');
  return { limit: limit ? Number(limit) : Infinity, only: value('--only'), from: from ? Math.max(1, Number(from)) : 1 };
}

async function main() {
  const started = Date.now();
  const { limit, only, from } = args();
  const corpus = benchCorpus();
  if (!corpus) throw new Error(`No corpus: set ${CORPUS_ENV} to a folder of .docx files, or put the shared corpus at ${SHARED_CORPUS_HINT}`);
  const files = corpus.files.filter((f) => !only || path.relative(corpus.dir, f).includes(only)).slice(0, limit);
  const skipped = from - 1;
  const tools = toolsAvailable();
  const build = buildWebIfStale();
  const fake = await startFakeOpenAI();
  // Every chat request gets the replacement word as its whole answer.
  fake.setDefault({ kind: 'reply', chunks: [REPLACEMENT] });
  const server = await FidelityServer.start(fake.url);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-fidelity-out-'));
  for (const s of SCENARIOS) fs.mkdirSync(path.join(scratch, s), { recursive: true });
  const outcomes: Outcome[] = [];
  const info: RunInfo = { started: new Date(started), files: files.length, refused: [], processingErrors: [], loaded: 0, build, scratch, tools };
  let editor: EditorSession | undefined;
  try {
    const api = new Api(server.url);
    await api.registerAndLogin();
    editor = await EditorSession.launch(server.url, api.session);
    for (const [n, file] of files.entries()) {
      if (n < skipped) continue;
      // The server allows a person 200 uploads an hour (LIMITS.uploadPerUser): the run moves to a
      // new account before they run out.
      if (api.uploads + UPLOADS_PER_FILE > LIMITS.uploadPerUser.max) {
        await api.registerAndLogin();
        await editor.signInAs(server.url, api.session);
      }
      const name = path.relative(corpus.dir, file);
      const bytes = new Uint8Array(fs.readFileSync(file));
      const first = await uploaded(api, name, bytes);
      if ('refused' in first) {
        (first.refused === 'upload' ? info.refused : info.processingErrors).push(`${name}: ${first.reason}`);
        continue;
      }
      info.loaded++;
      process.stdout.write(`[${n + 1}/${files.length}] ${name} `);
      let doc: Uploaded = first;
      for (const scenario of SCENARIOS) {
        // Each scenario from the unedited base: a new upload, except that 'noop' follows
        // 'unedited' on the same one when that did not save.
        if (scenario !== 'unedited' && !(scenario === 'noop' && outcomes.at(-1)?.puts === 0)) {
          const again = await uploaded(api, name, bytes);
          if ('refused' in again) throw new Error(`${name} was accepted once and refused later: ${again.reason}`);
          doc = again;
        }
        const outcome = await runScenario(api, editor, server, doc, name, scenario, path.join(scratch, scenario, `${String(n).padStart(3, '0')}-${path.basename(name)}`));
        outcomes.push(outcome);
        process.stdout.write(outcome.skipped ? '-' : outcome.problems.length === 0 ? '.' : 'F');
      }
      process.stdout.write('\n');
    }
  } finally {
    await editor?.close();
    await server.stop();
    await fake.close();
  }
  externalChecks(outcomes, scratch, tools, info);
  info.finished = new Date();
  const report = renderReport(outcomes, info);
  console.info(`\n${report}`);
  fs.writeFileSync(path.join(ROOT, 'docs/fidelity-report.md'), report);
  console.info(`\nwritten to docs/fidelity-report.md; saved files in ${scratch}`);
}

interface Uploaded {
  id: number;
  base: Uint8Array;
  version: number;
  mainPart: string;
  /** Words to edit, one per paragraph, in document order: the first the editor paints and the mouse can select is edited. */
  candidates: Candidate[];
  /** Why there is no candidate. */
  noCandidate: string | undefined;
}

interface Candidate {
  target: Target;
  word: WordTarget;
}

const MAX_CANDIDATES = 5;

/** Uploads and waits for processing; the base the editor will open and the word to edit in it. */
async function uploaded(api: Api, name: string, bytes: Uint8Array): Promise<Uploaded | { refused: 'upload' | 'processing'; reason: string }> {
  const up = await api.upload(path.basename(name), bytes);
  if (up.status === 'refused') return { refused: 'upload', reason: up.errorMessage ?? '' };
  const doc = await api.waitProcessed(up.id);
  if (doc.status !== 'complete') return { refused: 'processing', reason: doc.errorMessage ?? doc.status };
  const { bytes: base, version } = await api.content(up.id);
  const inspected = inspectDocx(base);
  if (!inspected.ok) throw new Error(`${name}: the editable copy does not inspect: ${inspected.detail}`);
  const mainPart = inspected.pkg.mainPart;
  const files = unzipSync(base);
  const xml = new TextDecoder().decode(files[mainPart]);
  const candidates: Candidate[] = [];
  let found = 0;
  for (const target of targets(files, mainPart)) {
    found++;
    const word = wordTarget(xml, target);
    if (word) candidates.push({ target, word });
    if (candidates.length === MAX_CANDIDATES) break;
  }
  const noCandidate = candidates.length > 0 ? undefined : found > 0 ? 'the target paragraph has no w14:paraId' : 'no body paragraph of 3+ words with a plain word to edit';
  return { id: up.id, base, version, mainPart, candidates, noCandidate };
}

/** The target as the painted page shows it: its paragraph's id and which whole-word match it is. */
function wordTarget(xml: string, t: Target): WordTarget | undefined {
  const p = readTree(xml).paragraphs[t.paragraph];
  if (!p?.paraId) return undefined;
  const before = xml.slice(p.start, t.text.rawStart + t.wordAt);
  const text = [...before.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)/g)].map((m) => decodeEntities(m[1]!)).join('');
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${t.word}(?![\\p{L}\\p{N}])`, 'gu');
  return { paraId: p.paraId, word: t.word, occurrence: [...text.matchAll(re)].length };
}

const decodeEntities = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_m, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'amp' ? '&' : e === 'quot' ? '"' : e === 'apos' ? "'" : String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
  );

async function runScenario(api: Api, editor: EditorSession, server: FidelityServer, doc: Uploaded, name: string, scenario: Scenario, outFile: string): Promise<Outcome> {
  const edits = scenario !== 'unedited' && scenario !== 'noop';
  const outcome: Outcome = { name, scenario, problems: [], notes: [], puts: 0, outFile: null };
  if (edits && doc.noCandidate) {
    outcome.skipped = doc.noCandidate;
    return outcome;
  }
  try {
    const { save, chosen } = await editReachable(editor, doc, scenario, outcome.notes);
    Object.assign(outcome, { paraId: chosen?.word.paraId, word: chosen?.word.word });
    outcome.notes.push(...save.notes);
    Object.assign(outcome, { puts: save.puts, openMs: save.openMs, exportMs: save.exportMs ?? undefined, roundTripMs: save.roundTripMs ?? undefined, saveStatus: save.saveStatus });
    if (scenario === 'unedited') {
      if (save.puts === 0) outcome.notes.push('no save issued: the product saves only when something changed, so the stored document is the upload itself');
      else outcome.problems.push(`Ctrl+S without a change sent ${save.puts} PUT(s)`);
      if (save.puts === 0) return outcome;
    } else if (save.puts === 0 || !save.body) {
      outcome.problems.push(`no save issued after the edit (save status '${save.saveStatus}')`);
      return outcome;
    }
    if (save.puts > 1) outcome.notes.push(`${save.puts} PUTs (autosave and Ctrl+S)`);
    if (save.status !== 200) {
      outcome.problems.push(`the save was answered HTTP ${save.status ?? 'none'} (save status '${save.saveStatus}')`);
      return outcome;
    }
    const local = mergeSave(doc.base, save.body!);
    outcome.localMergeMs = local.report.ms;
    outcome.mergeReport = local.report;
    outcome.serverMergeMs = server.lastMerge(doc.id)?.ms;
    const out = await api.download(doc.id);
    fs.writeFileSync(outFile, out);
    fs.writeFileSync(outFile.replace(/\.docx$/, '.editor.docx.bin'), save.body!);
    outcome.outFile = outFile;
    const c: Comparison = compare(doc.base, out, doc.mainPart, scenario, chosen?.target);
    Object.assign(outcome, { comparison: c });
    outcome.problems.push(...c.problems);
    outcome.notes.push(...c.notes);
    if (!Buffer.from(out).equals(Buffer.from(local.bytes))) outcome.notes.push('the stored document differs from mergeSave run here on the PUT body');
  } catch (e) {
    outcome.problems.push(`harness step failed: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
  }
  return outcome;
}

/**
 * Runs the scenario on the first candidate the editor paints and the mouse can select; one it
 * cannot (a paragraph the editor does not paint, a word split over painted runs) is noted and
 * the next paragraph's word is tried, since nothing was edited yet.
 */
async function editReachable(editor: EditorSession, doc: Uploaded, scenario: Scenario, notes: string[]) {
  if (scenario === 'unedited' || scenario === 'noop') return { save: await editor.run(doc.id, scenario, undefined), chosen: undefined };
  for (const [k, chosen] of doc.candidates.entries()) {
    try {
      return { save: await editor.run(doc.id, scenario, chosen.word), chosen };
    } catch (e) {
      if (!(e instanceof Unreachable) || k === doc.candidates.length - 1) throw e;
      notes.push(`“${chosen.word.word}” in ${chosen.word.paraId} could not be selected (${e.message}); the next paragraph's word was edited`);
    }
  }
  throw new Error('no candidate word');
}

/** LibreOffice and python-docx over every saved file, in one batch each per scenario. */
function externalChecks(outcomes: Outcome[], scratch: string, tools: { soffice: boolean; pythonDocx: boolean }, info: RunInfo) {
  const saved = outcomes.filter((o) => o.outFile);
  if (tools.soffice) {
    for (const s of SCENARIOS) {
      const dir = path.join(scratch, s);
      if (!saved.some((o) => o.scenario === s)) continue;
      const { converted, ms, log } = convertAll(dir);
      info.libreOfficeMs = (info.libreOfficeMs ?? 0) + ms;
      for (const o of saved.filter((x) => x.scenario === s)) {
        o.libreOffice = converted.has(path.basename(o.outFile!));
        if (!o.libreOffice) o.externalProblems = [...(o.externalProblems ?? []), `LibreOffice did not convert it (${lastLine(log)})`];
        else if (o.scenario === 'replace' || o.scenario === 'suggest') {
          const text = pdfText(path.join(dir, 'pdf', path.basename(o.outFile!).replace(/\.docx$/, '.pdf')));
          o.libreOfficeText = text === undefined ? null : text.includes(REPLACEMENT);
          if (o.libreOfficeText === false) o.externalProblems = [...(o.externalProblems ?? []), `LibreOffice's PDF does not show “${REPLACEMENT}”`];
        }
      }
    }
  }
  if (tools.pythonDocx) {
    const jobs: ExternalJob[] = saved.map((o) => ({ file: o.outFile!, ...(o.scenario === 'replace' || o.scenario === 'suggest' ? { paraId: o.paraId, text: REPLACEMENT } : {}) }));
    const results = pythonDocxAll(jobs);
    for (const o of saved) {
      const r = results.get(o.outFile!);
      o.pythonDocx = r?.ok ?? false;
      o.pythonText = r?.text ?? null;
      o.pythonXmlText = r?.xmlText ?? null;
      if (!o.pythonDocx) o.externalProblems = [...(o.externalProblems ?? []), `python-docx did not open it (${r?.error ?? 'no answer'})`];
    }
  }
}

const lastLine = (log: string) => log.trim().split('\n').at(-1)?.slice(0, 160) ?? '';

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
