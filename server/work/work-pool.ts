/**
 * The worker pool that runs the server's CPU-heavy work (tasks.ts) off the event loop, so one
 * large upload, save or offline answer never stalls every other request. Sized to the cores,
 * with a bounded queue; every task has a time and a memory budget, and a task over either is
 * ended with its worker. See docs/decisions/008-worker-pool.md.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { type Moved, TASKS, type TaskInput, type TaskName, type TaskOutput, transferable } from './tasks';
import { WorkError } from './work-error';

export type WorkOptions = {
  /**
   * Run every task on the main thread, without budgets: only the health-under-load benchmark
   * uses it, for its "before" figure. Not reachable from the environment.
   */
  inline?: boolean;
  /** Worker threads; the cores by default. */
  threads?: number;
  /** Tasks waiting for a thread; one more is refused with 'busy'. */
  maxQueue?: number;
  /** V8 old-generation heap per worker, in MB. */
  memoryMb?: number;
  /** Time budget per task, in ms, from the moment it is handed to the pool (queueing included). */
  timeMs?: Partial<Record<TaskName, number>>;
};

/**
 * A 10 MB upload processes in under a second and a worst-case save in a few on a 2-core box;
 * the budgets leave room for a loaded machine while bounding what one request can take.
 */
export const DEFAULT_TIME_MS: Readonly<Record<TaskName, number>> = { process: 20_000, save: 30_000, answer: 15_000 };
/** Above what the largest accepted document needs (its story XML is capped at 32 MB, text kept as strings several times over). */
export const DEFAULT_MEMORY_MB = 512;
/**
 * Per thread: twenty people uploading at once still queue (their bodies are in memory already,
 * capped by the body limit), while a flood is refused at once instead of queueing minutes of
 * work that would end in timeouts (the time budget counts the wait in the queue).
 */
const QUEUE_PER_THREAD = 16;

/**
 * Added to the workers' nice value: the lowest priority there is. Every request waits on the
 * event loop; a document task can wait a few milliseconds more. Measured (health-under-load
 * bench, PostgreSQL): p99 of health 32 ms at +10, 22 ms at +19.
 */
const WORKER_NICENESS = 19;

export type WorkPool = {
  readonly inline: boolean;
  /** Runs one task; `transfer` lists input arrays whose buffers may move to the worker (the caller no longer reads them). */
  run<N extends TaskName>(name: N, input: TaskInput<N>, transfer?: ReadonlyArray<Uint8Array | undefined>): Promise<TaskOutput<N>>;
  close(): Promise<void>;
};

export function createWorkPool(options: WorkOptions = {}): WorkPool {
  return options.inline ? inlinePool() : piscinaPool(options);
}

function inlinePool(): WorkPool {
  return {
    inline: true,
    async run(name, input) {
      const run = TASKS[name] as (input: unknown) => Moved<TaskOutput<typeof name>>;
      try {
        return run(input).value;
      } catch (err) {
        throw new WorkError('failed', name, undefined, { cause: err });
      }
    },
    close: async () => undefined,
  };
}

function piscinaPool(options: WorkOptions): WorkPool {
  const threads = Math.max(1, options.threads ?? os.availableParallelism());
  const memoryMb = options.memoryMb ?? DEFAULT_MEMORY_MB;
  const timeMs = { ...DEFAULT_TIME_MS, ...options.timeMs };
  const maxQueue = options.maxQueue ?? threads * QUEUE_PER_THREAD;
  const pool = new Piscina({
    filename: new URL('./worker.mjs', import.meta.url).href,
    // Started at boot, so the first upload does not wait for a thread to load the code.
    minThreads: threads,
    maxThreads: threads,
    maxQueue,
    idleTimeout: Number.POSITIVE_INFINITY,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    // Below the event loop's priority (Linux): with every core busy with documents, the main
    // thread still gets the CPU first, so small requests keep answering at once.
    niceIncrement: WORKER_NICENESS,
  });
  // A worker ended for its budget is reported through its task; the pool replaces it.
  pool.on('error', () => undefined);
  // Piscina keeps tasks that carry an AbortSignal (every one of ours: it is the time budget) in
  // a queue its maxQueue does not count, so the bound is kept here: running plus waiting.
  let inFlight = 0;
  return {
    inline: false,
    async run(name, input, transfer = []) {
      if (inFlight >= threads + maxQueue) throw new WorkError('busy', name, undefined);
      inFlight += 1;
      try {
        return (await pool.run({ name, input }, { signal: AbortSignal.timeout(timeMs[name]), transferList: transferable(transfer) })) as TaskOutput<typeof name>;
      } catch (err) {
        throw classify(err, name, timeMs[name], memoryMb);
      } finally {
        inFlight -= 1;
      }
    },
    close: () => pool.destroy(),
  };
}

function classify(err: unknown, task: TaskName, timeMs: number, memoryMb: number): WorkError {
  const e = err as { name?: unknown; code?: unknown; message?: unknown };
  if (e?.name === 'AbortError') return new WorkError('timeout', task, timeMs, { cause: err });
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') return new WorkError('memory', task, memoryMb, { cause: err });
  if (typeof e?.message === 'string' && /^(Task queue is at limit|No task queue available)/.test(e.message)) {
    return new WorkError('busy', task, undefined, { cause: err });
  }
  return new WorkError('failed', task, undefined, { cause: err });
}
