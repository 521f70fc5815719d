/**
 * The CPU-heavy work the server hands to its worker pool (work-pool.ts), one function per task.
 * Each returns its answer with the buffers to transfer back instead of copying. The same
 * functions run on the main thread in inline mode (the benchmark's "before").
 */
import { type OfflineRequest, runOfflineAction } from '../adapters/ai/offline/engine';
import { type ProcessResult, processDocx } from '../docx/process';
import { type SaveInput, type SaveOutcome, saveDocx } from './save-task';

export type Moved<T> = { readonly value: T; readonly transfer: ArrayBuffer[] };

/**
 * An upload's (or a template's, or recovery's) processing. The input comes back too: the caller
 * transferred it away, and stores it when processing failed for a reason of ours ('unreadable').
 */
export type ProcessOutcome = { readonly result: ProcessResult; readonly input: Uint8Array };

export const TASKS = {
  process: (input: { bytes: Uint8Array }): Moved<ProcessOutcome> => {
    const result = processDocx(input.bytes);
    return moved({ result, input: input.bytes }, input.bytes, ...(result.ok ? [result.editable, result.stored] : []));
  },
  save: (input: SaveInput): Moved<SaveOutcome> => {
    const outcome = saveDocx(input);
    return moved(outcome, ...(outcome.ok ? [outcome.processed.editable, outcome.processed.stored] : []));
  },
  answer: (input: OfflineRequest): Moved<string> => ({ value: runOfflineAction(input), transfer: [] }),
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = ReturnType<(typeof TASKS)[N]>['value'];
export type TaskMessage = { [N in TaskName]: { readonly name: N; readonly input: TaskInput<N> } }[TaskName];

export function runTask(task: TaskMessage): Moved<unknown> {
  const run = TASKS[task.name] as (input: unknown) => Moved<unknown>;
  return run(task.input);
}

function moved<T>(value: T, ...arrays: Uint8Array[]): Moved<T> {
  return { value, transfer: transferable(arrays) };
}

/**
 * The buffers that can move to the other thread without a copy: each only once, and only those
 * a Uint8Array owns whole. A view into a larger buffer (Node's shared pool for small Buffers)
 * is copied instead, or the transfer would take its neighbours' bytes away too.
 */
export function transferable(arrays: ReadonlyArray<Uint8Array | undefined>): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const a of arrays) {
    if (a === undefined || !(a.buffer instanceof ArrayBuffer)) continue;
    if (a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && a.byteLength > 0) out.add(a.buffer);
  }
  return [...out];
}
