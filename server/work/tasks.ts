/**
 * The CPU-heavy work the server hands to its work pool (work-pool.ts), one function per task.
 * The same functions run in the pool's processes and, in inline mode, on the main thread (the
 * benchmark's "before"). What goes in and comes back is copied between processes, so a caller
 * keeps its own bytes.
 */
import { type OfflineRequest, runOfflineAction } from '../adapters/ai/offline/engine';
import { type Comparison, compareDocx, redlineDocx } from '../docx/compare/compare';
import { type ProcessResult, processDocx } from '../docx/process';
import { summarize } from '../docx/version-summary';
import { type OfflineReview, type ReviewInput, reviewOffline } from '../review/offline-review';
import { type DeltaInput, type RebuildInput, deltaFor, rebuild } from '../docx/version-delta';
import { type SaveInput, type SaveOutcome, saveDocx } from './save-task';

export const TASKS = {
  /** An upload's (or a template's, or recovery's, or a Document Server save's) processing. */
  process: (input: { bytes: Uint8Array }): ProcessResult => processDocx(input.bytes),
  save: (input: SaveInput): SaveOutcome => saveDocx(input),
  answer: (input: OfflineRequest): string => runOfflineAction(input),
  /** Two versions' differences, for the compare view. */
  compare: (input: { a: Uint8Array; b: Uint8Array }): Comparison => compareDocx(input.a, input.b),
  /** Version b with its differences from a as Word tracked changes. */
  redline: (input: { a: Uint8Array; b: Uint8Array; author: string; date: string }): Uint8Array =>
    redlineDocx(input.a, input.b, { author: input.author, date: input.date }),
  /** A restore's summary against the version it replaces. */
  summarize: (input: { before: Uint8Array; after: Uint8Array }) => summarize(input.before, input.after),
  /** An older version as a delta against a newer one, when that is worth storing (null when not). */
  delta: (input: DeltaInput): Uint8Array | null => deltaFor(input),
  /** A version stored as a delta, rebuilt and checked against its SHA-256. */
  rebuild: (input: RebuildInput): Uint8Array => rebuild(input),
  /** A whole-document review's built-in rules (issue 16). */
  review: (input: ReviewInput): OfflineReview => reviewOffline(input),
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = ReturnType<(typeof TASKS)[N]>;
export type TaskMessage = { [N in TaskName]: { readonly name: N; readonly input: TaskInput<N> } }[TaskName];

export function runTask(task: TaskMessage): unknown {
  const run = TASKS[task.name] as (input: unknown) => unknown;
  return run(task.input);
}
