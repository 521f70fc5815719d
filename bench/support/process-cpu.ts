/**
 * CPU time of a process from Linux's /proc, in milliseconds: user + system. Unlike wall time it
 * is barely moved by how busy a shared machine is, so benches print it beside their latencies.
 * `thread` = the process's id reads its main thread alone (its event loop), leaving out worker
 * threads; without it, every thread counts. NaN where /proc cannot be read.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticksPerSecond: number | undefined;

export function cpuMs(pid: number | undefined, options: { mainThreadOnly?: boolean } = {}): number {
  if (pid === undefined) return NaN;
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
    const file = options.mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    // The fields after the command name, which is in parentheses and may hold spaces and ')'.
    const stat = fs.readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return NaN;
  }
}
