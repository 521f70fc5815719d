/**
 * The figures `npm run bench` (bench/run-all.ts) gathers into its closing table, read from each
 * benchmark's own output: the benchmarks print for people, and this reads the lines they print.
 * A line not found leaves its row out; run-all says so when a benchmark gives none.
 */
export type Row = { what: string; figure: string };

const lines = (output: string) => output.split('\n');

export function loadRows(output: string): Row[] {
  const summary = /^load summary: (.*)$/m.exec(output);
  return summary ? [{ what: 'load mix, 64 connections', figure: summary[1]! }] : [];
}

export function uploadRows(output: string): Row[] {
  const rows: Row[] = [];
  let label = '';
  let mammoth = '';
  let upload = '';
  for (const line of lines(output)) {
    const heading = /^(\w+): ([\d.]+ MB) \.docx/.exec(line);
    if (heading) label = `${heading[1]} (${heading[2]})`;
    const wall = /^\s+(mammoth\.extractRawText|upload \+ processing)[^:]*:\s+(\d+) ms/.exec(line);
    if (wall?.[1] === 'mammoth.extractRawText') mammoth = wall[2]!;
    else if (wall) upload = wall[2]!;
    const ratio = /ratio upload \/ mammoth: ([\d.]+x) wall \(goal <= ([\d.]+x): (met|NOT met)\)/.exec(line);
    if (ratio) rows.push({ what: `upload 10 MB, ${label}`, figure: `${upload} ms vs mammoth ${mammoth} ms = ${ratio[1]} (goal <= ${ratio[2]}: ${ratio[3]})` });
  }
  return rows;
}

/** editor-table.ts prints fixed-width columns: name 14, Redraft 30, bare 30, then the ratio and goals. */
export function editorRows(output: string): Row[] {
  const found = new Map<string, string[]>();
  let label = '';
  let visit = '';
  for (const line of lines(output)) {
    const heading = /^(\d+ pages|corpus \S+).*: pages laid out Redraft/.exec(line);
    if (heading) label = heading[1]!;
    const section = /^ {2}(first|repeat) visit/.exec(line);
    if (section) visit = section[1]!;
    if (!label || !line.startsWith('    ready ')) continue;
    const redraft = line.slice(18, 48).trim().replace(/ \(.*\)$/, '');
    const bare = line.slice(48, 78).trim().replace(/ \(.*\)$/, '');
    const ratio = line.slice(78).trim().split(/\s+/)[0] ?? '—';
    found.set(label, [...(found.get(label) ?? []), `${visit} ${redraft} (bare ${bare}, ${ratio})`]);
  }
  return [...found].map(([l, figures]) => ({ what: `editor ready, ${l}`, figure: figures.join('; ') }));
}

export function landingRows(output: string): Row[] {
  const rows: Row[] = [];
  const js = /goal <= [\d.]+ KB gzip for \/: ([\d.]+ KB) — (met|NOT met)/.exec(output);
  if (js) rows.push({ what: 'landing JavaScript for /, gzip', figure: `${js[1]} (goal <= 100 KB: ${js[2]})` });
  for (const line of lines(output)) {
    const goal = /^\s+goals (\w+) (\S+)\s+performance (\d+) \(>= (\d+): (met|NOT met)\), accessibility (\d+)/.exec(line);
    if (goal) rows.push({ what: `Lighthouse ${goal[1]} ${goal[2]}`, figure: `performance ${goal[3]} (goal >= ${goal[4]}: ${goal[5]}), accessibility ${goal[6]}` });
  }
  return rows;
}
