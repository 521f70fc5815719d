// A work process entry for process-pool.unit.test.ts: the pool's protocol with tasks that end
// their process the ways a real one can (memory, time), without a document that does it.
process.on('message', ({ id, task }) => {
  const { kind, value } = task.input;
  if (kind === 'echo') process.send({ id, ok: true, value });
  if (kind === 'throw') process.send({ id, ok: false, error: 'Error: thrown on purpose' });
  if (kind === 'spin') for (;;);
  if (kind === 'grow') {
    // One array grown past the heap limit: under worker_threads' resourceLimits this shape
    // aborts the whole process (Node 20), so it is the case the pool's processes exist for.
    const a = [];
    for (let i = 0; ; i++) a.push(i + 0.5);
  }
  if (kind === 'pid') process.send({ id, ok: true, value: process.pid });
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
