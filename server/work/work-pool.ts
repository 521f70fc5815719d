/**
 * The work pool that runs the server's CPU-heavy work (tasks.ts) off the event loop, so one
 * large upload, save or offline answer never stalls every other request. Sized to the cores,
 * with a bounded queue; every task has a time and a memory budget, and a task over either is
 * ended with its process. See docs/decisions/008-worker-pool.md and 024-work-in-processes.md.
 */
import os from 'node:os';
import { createProcessPool } from './process-pool';
import { TASKS, type TaskInput, type TaskName, type TaskOutput } from './tasks';
import { WorkError } from './work-error';

export type WorkOptions = {
  /**
   * Run every task on the main thread, without budgets: only the health-under-load benchmark
   * uses it, for its "before" figure. Not reachable from the environment.
   */
  inline?: boolean;
  /** Work processes; the cores by default. */
  processes?: number;
  /** Tasks waiting for a thread; one more is refused with 'busy'. */
  maxQueue?: number;
  /** V8 old-generation heap per process, in MB. */
  memoryMb?: number;
  /** Time budget per task, in ms, from the moment it is handed to the pool (queueing included). */
  timeMs?: Partial<Record<TaskName, number>>;
};

/**
 * A 10 MB upload processes in under a second and a worst-case save in a few on a 2-core box;
 * the budgets leave room for a loaded machine while bounding what one request can take.
 */
export const DEFAULT_TIME_MS: Readonly<Record<TaskName, number>> = {
  process: 20_000,
  save: 30_000,
  answer: 15_000,
  compare: 20_000,
  redline: 20_000,
  summarize: 10_000,
  delta: 10_000,
  rebuild: 10_000,
  review: 20_000,
};
/** Above what the largest accepted document needs (its story XML is capped at 32 MB, text kept as strings several times over). */
export const DEFAULT_MEMORY_MB = 512;
/**
 * Per process: twenty people uploading at once still queue (their bodies are in memory already,
 * capped by the body limit), while a flood is refused at once instead of queueing minutes of
 * work that would end in timeouts (the time budget counts the wait in the queue).
 */
const QUEUE_PER_PROCESS = 16;

/**
 * Added to the work processes' nice value: the lowest priority there is. Every request waits on the
 * event loop; a document task can wait a few milliseconds more. Measured (health-under-load
 * bench, PostgreSQL): p99 of health 32 ms at +10, 22 ms at +19.
 */
const WORKER_NICENESS = 19;

export type WorkPool = {
  readonly inline: boolean;
  /** Runs one task on a copy of its input; the caller keeps its own. */
  run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>>;
  close(): Promise<void>;
};

export function createWorkPool(options: WorkOptions = {}): WorkPool {
  return options.inline ? inlinePool() : processPool(options);
}

function inlinePool(): WorkPool {
  return {
    inline: true,
    async run(name, input) {
      const run = TASKS[name] as (input: unknown) => TaskOutput<typeof name>;
      try {
        return run(input);
      } catch (err) {
        throw new WorkError('failed', name, undefined, { cause: err });
      }
    },
    close: async () => undefined,
  };
}

function processPool(options: WorkOptions): WorkPool {
  const processes = Math.max(1, options.processes ?? os.availableParallelism());
  const pool = createProcessPool({
    processes,
    maxQueue: options.maxQueue ?? processes * QUEUE_PER_PROCESS,
    memoryMb: options.memoryMb ?? DEFAULT_MEMORY_MB,
    timeMs: { ...DEFAULT_TIME_MS, ...options.timeMs },
    // Below the event loop's priority (Linux): with every core busy with documents, the main
    // thread still gets the CPU first, so small requests keep answering at once.
    niceness: WORKER_NICENESS,
  });
  return { inline: false, run: (name, input) => pool.run(name, input), close: () => pool.close() };
}
