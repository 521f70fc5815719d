/**
 * The editor-open benchmark's table for one document: Redraft and the bare page side by side,
 * medians with min–max, the Redraft/bare ratios, and the goals marked: up to 100 pages, Redraft
 * within 1.1× of the bare page; at 300 pages painted within 1.5 s and ready within 3 s; at 1,000
 * pages painted within 2 s (the figures: docs/editor.md, docs/decisions/019-long-documents-open-in-two-steps.md).
 */
import type { Visit } from './editor-visit';

export type Side = { cold: Visit[]; warm: Visit[] };
export type Measured = {
  label: string;
  /** The generated contract's wanted page count; undefined for a corpus document. */
  pages: number | undefined;
  redraft: Side;
  bare: Side;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const ms = (xs: number[]) =>
  xs.some((x) => !Number.isFinite(x))
    ? `${xs.filter((x) => !Number.isFinite(x)).length}/${xs.length} never`
    : `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

type Goal = { text: string; met: boolean };
/** Goals met or missed, collected over the whole run for the closing summary. */
export const goals: Goal[] = [];

function mark(text: string, met: boolean) {
  goals.push({ text, met });
  return `${met ? 'met' : 'MISSED'}: ${text.split(': ').at(-1)}`;
}

const times = (vs: Visit[], key: 'painted' | 'ready' | 'laidOut') => vs.map((v) => v[key] ?? Number.NaN);

/** Goals on Redraft's own figure: 300 and 1,000 pages. */
function absoluteGoal(m: Measured, visit: string, key: 'painted' | 'ready', value: number) {
  const limit = m.pages === 300 ? { painted: 1500, ready: 3000 }[key] : m.pages === 1000 && key === 'painted' ? 2000 : undefined;
  return limit === undefined ? '' : mark(`${m.label}, ${visit}, ${key}: ≤ ${limit} ms`, value <= limit);
}

function rows(m: Measured, visit: 'first visit' | 'repeat visit', r: Visit[], b: Visit[]) {
  const out: string[] = [];
  const row = (name: string, redraft: string, bare: string, extra = '') =>
    out.push(`    ${name.padEnd(14)}${redraft.padEnd(30)}${bare.padEnd(30)}${extra}`.trimEnd());
  for (const key of ['painted', 'ready', 'laidOut'] as const) {
    const [rt, bt] = [times(r, key), times(b, key)];
    const ratio = median(rt) / median(bt);
    const notes = [Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '—'];
    if (key !== 'laidOut') {
      if (m.pages !== undefined && m.pages <= 100) notes.push(mark(`${m.label}, ${visit}, ${key}: Redraft/bare ≤ 1.1×`, ratio <= 1.1));
      const goal = absoluteGoal(m, visit, key, median(rt));
      if (goal) notes.push(goal);
    }
    row(key === 'laidOut' ? 'all laid out' : key, ms(rt), ms(bt), notes.join('   '));
  }
  const js = (vs: Visit[]) => `${kb(median(vs.map((v) => v.jsTransfer)))} (${kb(median(vs.map((v) => v.jsDecoded)))} decoded)`;
  row('JS+HTML sent', js(r), js(b));
  const tasks = (vs: Visit[]) => `${median(vs.map((v) => v.longTasks))}, ${median(vs.map((v) => v.longTaskMs)).toFixed(0)} ms`;
  row('long tasks', tasks(r), tasks(b));
  const heap = (vs: Visit[]) => `${(median(vs.map((v) => v.heap)) / 2 ** 20).toFixed(1)} MB`;
  row('JS heap', heap(r), heap(b));
  return out;
}

export function printTable(m: Measured, runs: number) {
  const all = (s: Side) => [...s.cold, ...s.warm];
  const counts = (s: Side) => [...new Set(all(s).map((v) => v.pages))].join('/');
  const encodings = (s: Side) => [...new Set(all(s).flatMap((v) => v.encodings))].join('/');
  console.info(`\n${m.label}: pages laid out Redraft ${counts(m.redraft)}, bare ${counts(m.bare)}; scripts sent as Redraft ${encodings(m.redraft)}, bare ${encodings(m.bare)}`);
  const bareCounts = new Set(all(m.bare).map((v) => v.pages));
  if (m.pages !== undefined && (bareCounts.size !== 1 || !bareCounts.has(m.pages))) {
    console.info(`  calibration off: the bare page laid out ${[...bareCounts].join('/')} pages, not ${m.pages}; correct CLAUSES_FOR_PAGES (big-docx.ts)`);
  }
  console.info(`    ${''.padEnd(14)}${'Redraft'.padEnd(30)}${'bare'.padEnd(30)}Redraft/bare`);
  console.info(`  first visit (new context, cold cache), median (min–max) of ${runs}:`);
  for (const line of rows(m, 'first visit', m.redraft.cold, m.bare.cold)) console.info(line);
  console.info(`  repeat visit (same context, warm cache), median (min–max) of ${runs}:`);
  for (const line of rows(m, 'repeat visit', m.redraft.warm, m.bare.warm)) console.info(line);
}

export function printGoals() {
  if (goals.length === 0) return;
  console.info(`\ngoals: ${goals.filter((g) => g.met).length}/${goals.length} met`);
  for (const g of goals) console.info(`  ${g.met ? 'met   ' : 'MISSED'} ${g.text}`);
}
