/**
 * The work pool's processes: each task runs in a child process of its own heap, so a task that
 * runs out of memory, or any fault of V8 or Node in the middle of one, ends that child and never
 * the server. Worker threads could not promise that: a thread over its `resourceLimits` ends
 * only when V8 happens to ask for memory in a way Node can intercept, and otherwise (one array
 * grown past the limit, say) aborts the whole process. See docs/decisions/024-work-in-processes.md.
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import type { TaskInput, TaskName, TaskOutput } from './tasks';
import { WorkError } from './work-error';

export type ProcessPoolOptions = {
  readonly processes: number;
  /** Tasks waiting for a process; one more is refused with 'busy'. */
  readonly maxQueue: number;
  /** V8 old-generation heap per process, in MB. */
  readonly memoryMb: number;
  /** Time budget per task, counted from the moment it is handed to the pool. */
  readonly timeMs: Readonly<Record<TaskName, number>>;
  /** Added to each process's nice value. */
  readonly niceness: number;
  /** The processes' entry: worker.mjs, or a test's own. */
  readonly entry?: URL;
};

type Job = {
  readonly id: number;
  readonly name: TaskName;
  readonly input: unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (err: WorkError) => void;
  timer?: NodeJS.Timeout;
  worker?: Worker;
};

type Worker = {
  readonly child: ChildProcess;
  /** Has loaded its code; false again once it is being ended, so nothing more is sent to it. */
  ready: boolean;
  /** Was ever ready: a process that dies before is not restarted in a tight loop. */
  started: boolean;
  job?: Job;
  /** The end of what the process printed to stderr: V8's last words name an out-of-memory end. */
  stderr: string;
};

type Reply = { readonly ready: true } | { readonly id: number; readonly ok: true; readonly value: unknown } | { readonly id: number; readonly ok: false; readonly error: string };

const ENTRY = new URL('./worker.mjs', import.meta.url);
const STDERR_TAIL = 4_096;
/** How V8 says it ended a process for its heap limit (`--max-old-space-size`). */
const OUT_OF_MEMORY = /heap out of memory|Allocation failed|invalid (array|table size)/i;
/** A process that dies before it is ready (a broken install) is not restarted in a tight loop. */
const RESTART_DELAY_MS = 1_000;

export function createProcessPool(options: ProcessPoolOptions) {
  const workers = new Set<Worker>();
  const queue: Job[] = [];
  let inFlight = 0;
  let nextId = 0;
  let closing = false;

  const start = (delayMs = 0) => {
    if (closing) return;
    if (delayMs > 0) {
      setTimeout(() => start(), delayMs).unref();
      return;
    }
    const child = fork(options.entry ?? ENTRY, [], {
      // Nothing inherited: the server's own flags (`--import tsx`, a debugger port) are not the
      // worker's; its entry loads TypeScript itself.
      execArgv: [`--max-old-space-size=${options.memoryMb}`],
      serialization: 'advanced', // typed arrays travel as bytes, not as JSON
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    const worker: Worker = { child, ready: false, started: false, stderr: '' };
    workers.add(worker);
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, Math.min(19, os.getPriority(child.pid) + options.niceness));
    } catch {
      // Not permitted here: the process keeps its parent's priority.
    }
    child.stderr?.on('data', (chunk: Buffer) => {
      worker.stderr = (worker.stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    child.on('message', (reply: Reply) => onReply(worker, reply));
    child.on('error', () => undefined); // an 'exit' follows
    child.once('exit', (code, signal) => onExit(worker, code, signal));
  };

  const onReply = (worker: Worker, reply: Reply) => {
    if ('ready' in reply) {
      worker.ready = worker.started = true;
      dispatch();
      return;
    }
    const job = worker.job;
    if (!job || job.id !== reply.id) return;
    worker.job = undefined;
    finish(job);
    if (reply.ok) job.resolve(reply.value);
    else job.reject(new WorkError('failed', job.name, undefined, { cause: new Error(reply.error) }));
    dispatch();
  };

  const onExit = (worker: Worker, code: number | null, signal: NodeJS.Signals | null) => {
    worker.ready = false;
    workers.delete(worker);
    const job = worker.job;
    if (job) {
      worker.job = undefined;
      finish(job);
      const outOfMemory = OUT_OF_MEMORY.test(worker.stderr);
      const cause = new Error(`work process ended (${signal ?? code}): ${worker.stderr.trim().split('\n').slice(-3).join(' / ')}`);
      job.reject(outOfMemory ? new WorkError('memory', job.name, options.memoryMb, { cause }) : new WorkError('failed', job.name, undefined, { cause }));
    }
    start(worker.started ? 0 : RESTART_DELAY_MS);
  };

  const finish = (job: Job) => {
    clearTimeout(job.timer);
    inFlight -= 1;
  };

  const dispatch = () => {
    for (const worker of workers) {
      if (queue.length === 0) return;
      if (!worker.ready || worker.job) continue;
      const job = queue.shift()!;
      worker.job = job;
      job.worker = worker;
      worker.child.send({ id: job.id, task: { name: job.name, input: job.input } });
    }
  };

  for (let i = 0; i < options.processes; i++) start();

  return {
    run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>> {
      if (closing) return Promise.reject(new WorkError('failed', name, undefined, { cause: new Error('the work pool is closed') }));
      if (inFlight >= options.processes + options.maxQueue) return Promise.reject(new WorkError('busy', name, undefined));
      inFlight += 1;
      return new Promise((resolve, reject) => {
        const job: Job = { id: nextId++, name, input, resolve: resolve as (value: unknown) => void, reject };
        job.timer = setTimeout(() => timeOut(job), options.timeMs[name]);
        queue.push(job);
        dispatch();
      });
    },
    async close() {
      closing = true;
      for (const job of queue.splice(0)) {
        finish(job);
        job.reject(new WorkError('failed', job.name, undefined, { cause: new Error('the work pool closed') }));
      }
      await Promise.all([...workers].map((w) => stop(w.child)));
    },
  };

  function timeOut(job: Job) {
    const waiting = queue.indexOf(job);
    if (waiting >= 0) {
      queue.splice(waiting, 1);
      finish(job);
    } else if (job.worker?.job === job) {
      // Its process is ended; onExit would report the end as a failure, so the job leaves it first.
      job.worker.job = undefined;
      job.worker.ready = false;
      finish(job);
      job.worker.child.kill('SIGKILL');
    } else {
      return;
    }
    job.reject(new WorkError('timeout', job.name, options.timeMs[job.name]));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL'); // its work is abandoned either way; nothing in it is durable
  });
}
