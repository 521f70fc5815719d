// A work pool process's entry (see process-pool.ts). Plain JavaScript, because it is what makes
// TypeScript loadable here: the process is forked without the server's flags (`--import tsx`
// under `npm start`, Vitest's own under test), so it registers tsx itself, with the project's
// tsconfig so that `@common/...` resolves as it does in the server.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
const { runTask } = await import('./tasks.ts');

// One task at a time: the pool sends the next only after this one's answer.
process.on('message', ({ id, task }) => {
  let reply;
  try {
    reply = { id, ok: true, value: runTask(task) };
  } catch (err) {
    reply = { id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  process.send(reply);
});
// The server is gone (even by SIGKILL): nothing will ask for this process's answers again.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
