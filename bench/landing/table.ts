/** A plain-text table for the console: columns as wide as their widest cell, numbers right-aligned. */
export function printTable(headers: string[], rows: string[][], indent = '  ') {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => /^[-\d.,]+( ?[a-zA-Z%]+)?$|^—$/.test(r[i] ?? '')));
  const line = (cells: string[]) =>
    indent + cells.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  console.info(line(headers));
  console.info(indent + widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.info(line(row));
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
