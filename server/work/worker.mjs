// The work pool's thread entry (see work-pool.ts). Plain JavaScript, because it is what makes
// TypeScript loadable here. The server runs under `node --import tsx` (docs/decisions/002), and
// its workers inherit that flag through execArgv, but on Node 20 the loader hooks it installs
// do not reach a worker thread; under Vitest there is no flag at all. So tsx is registered here
// unless its hooks already answer (the project alias resolves only through them), with the
// project's tsconfig so that `@common/...` resolves as it does on the main thread.
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

function tsxActive() {
  try {
    import.meta.resolve('@common/limits');
    return true;
  } catch {
    return false;
  }
}

if (!tsxActive()) {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
}
const { runTask } = await import('./tasks.ts');

/** One task: its answer goes back with its buffers transferred, not copied. */
export default function work(task) {
  const { value, transfer } = runTask(task);
  return Piscina.move({ [Piscina.transferableSymbol]: transfer, [Piscina.valueSymbol]: value });
}
