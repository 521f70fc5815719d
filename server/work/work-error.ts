import type { TaskName } from './tasks';

/** Why a task did not give its answer; callers turn it into words for their request. */
export type WorkFailure =
  /** The queue was full: nothing was started; the same request may succeed in a few seconds. */
  | 'busy'
  /** The task ran past its time budget and its worker was ended. */
  | 'timeout'
  /** The task needed more memory than a worker may have and its worker was ended. */
  | 'memory'
  /** The task threw, or its worker died: a bug of ours. */
  | 'failed';

export class WorkError extends Error {
  constructor(
    readonly failure: WorkFailure,
    readonly task: TaskName,
    /** The budget that was exceeded: milliseconds for 'timeout', megabytes for 'memory'. */
    readonly limit: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(`work task '${task}' ended: ${failure}${limit === undefined ? '' : ` (limit ${limit})`}`, options);
    this.name = 'WorkError';
  }
}

/** Seconds a client is told to wait before trying again when the queue is full. */
export const RETRY_AFTER_SECONDS = 5;

export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
