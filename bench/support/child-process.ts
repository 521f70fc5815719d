/** The benches' own helper processes (a reference server, a relay): started, awaited, stopped. */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves once `probe` says yes; throws if the process exits first or `timeoutMs` passes. */
export async function waitUntilServing(child: ChildProcess, probe: () => Promise<boolean>, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${what} did not start`);
    await sleep(150);
  }
}

/** SIGTERM, and resolves once the process has exited. */
export async function stopChild(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
