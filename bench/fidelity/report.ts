/**
 * The fidelity run's report, as printed and as written to docs/fidelity-report.md: counts per
 * scenario, one line per failure with its cause, timings (the editor's export beside the
 * server's merge) and the LibreOffice / python-docx results.
 */
import os from 'node:os';
import type { MergeReport } from '../../server/docx/merge/report';
import type { Comparison, Scenario } from './compare';

export interface Outcome {
  name: string;
  scenario: Scenario;
  /** Why it was not tried (no word to edit). */
  skipped?: string;
  problems: string[];
  notes: string[];
  puts: number;
  outFile: string | null;
  paraId?: string;
  word?: string;
  saveStatus?: string;
  openMs?: number;
  exportMs?: number;
  roundTripMs?: number;
  serverMergeMs?: number;
  localMergeMs?: number;
  mergeReport?: MergeReport;
  comparison?: Comparison;
  libreOffice?: boolean;
  libreOfficeText?: boolean | null;
  pythonDocx?: boolean;
  pythonText?: boolean | null;
  pythonXmlText?: boolean | null;
  externalProblems?: string[];
}

export interface RunInfo {
  started: Date;
  finished?: Date;
  files: number;
  loaded: number;
  refused: string[];
  processingErrors: string[];
  build: string;
  scratch: string;
  tools: { soffice: boolean; pythonDocx: boolean };
  libreOfficeMs?: number;
}

const SCENARIO_TEXT: Record<Scenario, string> = {
  unedited: 'open, Ctrl+S with no change',
  noop: "a letter typed and deleted, Ctrl+S (the editor's export of an unchanged document)",
  replace: 'one word selected by mouse and typed over',
  bold: 'the same word made bold with Ctrl+B',
  suggest: "'Suggest edits' on, the word replaced by the chat's Replace",
};

export function renderReport(outcomes: readonly Outcome[], info: RunInfo): string {
  const L: string[] = [];
  const minutes = info.finished ? ((info.finished.getTime() - info.started.getTime()) / 60_000).toFixed(1) : '?';
  L.push('# Save-merge fidelity with the real editor in Chromium');
  L.push('');
  L.push(`Date: ${info.started.toISOString()} (${minutes} min). Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ` +
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, /usr/bin/chromium headless; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}. ` +
    `Web build: ${info.build}. Command: \`npx tsx bench/fidelity/run.ts${process.argv.slice(2).map((a) => ` ${a}`).join('')}\`.`);
  L.push('');
  L.push(`Corpus: ${info.files} files; ${info.loaded} processed (complete); ${info.refused.length} refused at upload; ${info.processingErrors.length} ended in status 'error'.`);
  L.push('');
  L.push('Pass means: every zip part but word/document.xml keeps its bytes (docProps/core.xml may change dcterms:modified only), no part added or removed, ' +
    'every body paragraph but the edited one keeps its bytes (matched by w14:paraId) and so does the XML between them, and the edited paragraph reads ' +
    "(tests/support/docx/canonical.ts tokens: each character with its run's properties and wrappers) as the base paragraph with exactly the user's edit; " +
    'for bold, w:b with or without w:bCs; for suggest, w:del and w:ins by "AI Assistant" (their ids and dates aside).');
  L.push('');
  L.push('| scenario | tried | passed | failed | no word to edit | saves sent | edited paragraph byte-exact | word keeps its w:rPr | LibreOffice PDF | replacement in the PDF | python-docx opens | replacement in python-docx text |');
  L.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const scenarios = [...new Set(outcomes.map((o) => o.scenario))];
  for (const s of scenarios) {
    const all = outcomes.filter((o) => o.scenario === s);
    const tried = all.filter((o) => !o.skipped);
    const passed = tried.filter((o) => o.problems.length === 0);
    const saved = tried.filter((o) => o.outFile);
    const edits = saved.filter((o) => o.comparison?.exact !== undefined);
    const count = (xs: readonly Outcome[], f: (o: Outcome) => boolean | null | undefined) => `${xs.filter(f).length}/${xs.length}`;
    const text = s === 'replace' || s === 'suggest' ? `${count(saved, (o) => o.pythonText)} (w:t text ${count(saved, (o) => o.pythonXmlText)})` : '–';
    L.push(`| ${s} | ${tried.length} | ${passed.length} | ${tried.length - passed.length} | ${all.length - tried.length} | ${count(tried, (o) => o.puts > 0)} | ` +
      `${edits.length ? count(edits, (o) => o.comparison?.exact) : '–'} | ${edits.length ? count(edits, (o) => o.comparison?.rPrKept) : '–'} | ` +
      `${info.tools.soffice && saved.length ? count(saved, (o) => o.libreOffice) : '–'} | ${info.tools.soffice && (s === 'replace' || s === 'suggest') && saved.length ? count(saved, (o) => o.libreOfficeText) : '–'} | ${info.tools.pythonDocx && saved.length ? count(saved, (o) => o.pythonDocx) : '–'} | ${text} |`);
  }
  L.push('');
  for (const s of scenarios) L.push(`- ${s}: ${SCENARIO_TEXT[s]}`);
  if (!info.tools.soffice || !info.tools.pythonDocx) L.push(`- not installed, not checked: ${[!info.tools.soffice && 'LibreOffice', !info.tools.pythonDocx && 'python-docx'].filter(Boolean).join(', ')}`);
  L.push('');
  L.push('## Timing (ms; median / p90 / max over the saves)');
  L.push('');
  L.push("Editor export: Ctrl+S to the PUT leaving the page (the editor's save() serialising the package). Server merge: `ms` of the server's 'save merged' log line " +
    "(rounded). mergeSave here: the same base and the PUT's body merged in this process. Round trip: Ctrl+S to the status reading 'Saved'.");
  L.push('');
  L.push('| scenario | editor open | editor export | server merge (log) | mergeSave here | save round trip |');
  L.push('|---|---|---|---|---|---|');
  for (const s of scenarios) {
    const xs = outcomes.filter((o) => o.scenario === s);
    L.push(`| ${s} | ${stats(xs.map((o) => o.openMs))} | ${stats(xs.map((o) => o.exportMs))} | ${stats(xs.map((o) => o.serverMergeMs))} | ${stats(xs.map((o) => o.localMergeMs))} | ${stats(xs.map((o) => o.roundTripMs))} |`);
  }
  if (info.libreOfficeMs !== undefined) L.push(`\nLibreOffice: ${(info.libreOfficeMs / 1000).toFixed(0)} s for all conversions (one soffice run per scenario).`);
  L.push('');
  L.push('## Failures (one line each)');
  L.push('');
  let failures = 0;
  for (const s of scenarios) {
    for (const o of outcomes.filter((x) => x.scenario === s && !x.skipped && x.problems.length > 0)) {
      failures++;
      const fallbacks = o.mergeReport?.fallbacks.length ? `; merge fell back ${o.mergeReport.fallbacks.length}×: ${o.mergeReport.fallbacks[0]!.reason}` : '';
      L.push(`- [${s}] ${o.name}${o.word ? ` (word "${o.word}" in ${o.paraId})` : ''}: ${o.problems.slice(0, 3).join('; ')}${o.problems.length > 3 ? `; +${o.problems.length - 3} more` : ''}${fallbacks}`);
    }
  }
  if (failures === 0) L.push('None.');
  const external = outcomes.filter((o) => o.externalProblems?.length);
  if (external.length) {
    L.push('');
    L.push('## LibreOffice / python-docx failures');
    L.push('');
    for (const o of external) L.push(`- [${o.scenario}] ${o.name}: ${o.externalProblems!.join('; ')}`);
  }
  const noText = outcomes.filter((o) => (o.scenario === 'replace' || o.scenario === 'suggest') && o.pythonDocx && o.pythonText === false);
  if (noText.length) {
    L.push('');
    L.push("## Replacement not in python-docx's paragraph.text");
    L.push('');
    L.push("(python-docx 0.8's paragraph.text reads only the w:r children of w:p, so runs inside w:ins or w:hyperlink do not show; the w:t column above reads every w:t of the paragraph.)");
    L.push('');
    for (const o of noText) L.push(`- [${o.scenario}] ${o.name} ${o.paraId}: w:t text ${o.pythonXmlText ? 'has' : 'lacks'} it`);
  }
  const notes = new Map<string, number>();
  for (const o of outcomes) for (const n of o.notes) notes.set(`[${o.scenario}] ${n}`, (notes.get(`[${o.scenario}] ${n}`) ?? 0) + 1);
  if (notes.size) {
    L.push('');
    L.push('## Notes (not failures)');
    L.push('');
    for (const [n, k] of notes) L.push(`- ${n}: ${k}`);
  }
  if (info.refused.length || info.processingErrors.length) {
    L.push('');
    L.push('## Not loaded');
    L.push('');
    for (const r of info.refused) L.push(`- refused at upload: ${r}`);
    for (const r of info.processingErrors) L.push(`- processing error: ${r}`);
  }
  L.push('');
  L.push(`Saved files (merged download, and the editor's own PUT body as .editor.docx.bin): ${info.scratch}`);
  return `${L.join('\n')}\n`;
}

function stats(values: ReadonlyArray<number | undefined>): string {
  const xs = values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);
  if (xs.length === 0) return '–';
  const at = (q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
  const f = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));
  return `${f(at(0.5))} / ${f(at(0.9))} / ${f(xs[xs.length - 1]!)}`;
}
