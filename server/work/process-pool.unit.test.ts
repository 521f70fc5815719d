import { afterEach, describe, expect, it } from 'vitest';
import { createProcessPool, type ProcessPoolOptions } from './process-pool';
import { TASKS, type TaskName } from './tasks';
import { WorkError } from './work-error';

const STUB = new URL('../../tests/support/work/stub-worker.mjs', import.meta.url);
const pools: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const p of pools.splice(0)) await p.close();
});

/** Every task's budget the same; the stub runs as 'answer', whose budget a test may set apart. */
const times = (ms: number): Record<TaskName, number> => Object.fromEntries(Object.keys(TASKS).map((name) => [name, ms])) as Record<TaskName, number>;

type StubInput = { kind: 'echo' | 'throw' | 'spin' | 'grow' | 'pid'; value?: unknown };

function stubPool(options: Partial<ProcessPoolOptions> = {}) {
  const pool = createProcessPool({
    processes: 1,
    maxQueue: 4,
    memoryMb: 32,
    timeMs: times(10_000),
    niceness: 0,
    entry: STUB,
    ...options,
  });
  pools.push(pool);
  const run = (input: StubInput) => pool.run('answer' as TaskName, input as never) as Promise<unknown>;
  return { run, close: () => pool.close() };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (err: unknown) => (err instanceof WorkError ? err.failure : `not a WorkError: ${String(err)}`),
  );

describe('the work pool of processes', () => {
  it('runs the real tasks, and the caller keeps its bytes', async () => {
    const pool = createProcessPool({ processes: 1, maxQueue: 4, memoryMb: 256, timeMs: times(30_000), niceness: 0 });
    pools.push(pool);
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const result = await pool.run('process', { bytes });
    expect(result.ok).toBe(false);
    expect(bytes).toEqual(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
  }, 60_000);

  it('copies typed arrays both ways', async () => {
    const { run } = stubPool();
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    const back = (await run({ kind: 'echo', value: { bytes, text: 'x' } })) as { bytes: Uint8Array; text: string };
    expect(back.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.compare(back.bytes, bytes)).toBe(0);
    expect(back.text).toBe('x');
  }, 30_000);

  it('ends a task that grows one array past the heap limit as memory, and this process lives on', async () => {
    const { run } = stubPool({ memoryMb: 32 });
    const before = await run({ kind: 'pid' });
    expect(await failure(run({ kind: 'grow' }))).toBe('memory');
    // A new process took its place and answers.
    const after = await run({ kind: 'pid' });
    expect(after).not.toBe(before);
    expect(await run({ kind: 'echo', value: 7 })).toBe(7);
  }, 60_000);

  it('ends a task past its time budget with its process, and a new process takes the next', async () => {
    const { run } = stubPool({ timeMs: { ...times(10_000), answer: 1_500 } });
    const before = (await run({ kind: 'pid' })) as number;
    expect(await failure(run({ kind: 'spin' }))).toBe('timeout');
    const after = await run({ kind: 'pid' });
    expect(after).not.toBe(before);
  }, 30_000);

  it('counts the wait in the queue in the time budget', async () => {
    const { run } = stubPool({ timeMs: { ...times(10_000), answer: 1_000 } });
    const spinning = failure(run({ kind: 'spin' }));
    const waiting = failure(run({ kind: 'echo', value: 1 }));
    expect(await spinning).toBe('timeout');
    expect(await waiting).toBe('timeout');
  }, 30_000);

  it("refuses a task beyond the processes and the queue with 'busy', and starts none of it", async () => {
    const { run } = stubPool({ maxQueue: 1, timeMs: { ...times(10_000), answer: 2_000 } });
    const running = failure(run({ kind: 'spin' }));
    const queued = failure(run({ kind: 'echo', value: 1 }));
    expect(await failure(run({ kind: 'echo', value: 2 }))).toBe('busy');
    expect(await running).toBe('timeout');
    expect(await queued).toBe('timeout');
    // The bound counts what is in flight, so room is back once they ended.
    expect(await run({ kind: 'echo', value: 3 })).toBe(3);
  }, 30_000);

  it("reports a task that threw as 'failed' with its message, and the process answers the next", async () => {
    const { run } = stubPool();
    const err = await run({ kind: 'throw' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkError);
    expect((err as WorkError).failure).toBe('failed');
    expect(String((err as WorkError).cause)).toContain('thrown on purpose');
    expect(await run({ kind: 'echo', value: 'still here' })).toBe('still here');
  }, 30_000);

  it('ends its processes when closed, and refuses work afterwards', async () => {
    const { run, close } = stubPool({ processes: 2 });
    const pids = new Set([await run({ kind: 'pid' }), await run({ kind: 'pid' })]);
    await close();
    for (const pid of pids) expect(() => process.kill(pid as number, 0)).toThrow();
    expect(await failure(run({ kind: 'echo', value: 1 }))).toBe('failed');
  }, 30_000);
});
