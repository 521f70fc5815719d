/**
 * The whole save as one task (run in the work pool): check the editor's bytes, merge them into
 * the base, process the merged document, and say what changed. Each package is read once: the
 * editor's parts, inflated and checked by inspectDocx, are the ones the merge reads (see
 * docs/decisions/008-worker-pool.md). A save based on an older version is then merged three ways
 * onto the current one (docs/decisions/026-versions.md).
 */
import type { VersionSummary } from '@common/schemas/versions';
import { summarize } from '../docx/version-summary';
import { mergeSave } from '../docx/merge/merge';
import { type ThreeWayConflict, mergeThreeWay } from '../docx/merge/three-way';
import type { MergeFallback, ParagraphCounts } from '../docx/merge/report';
import { inspectDocx } from '../docx/inspect';
import { type ProcessResult, processDocx } from '../docx/process';

export type SaveInput = {
  /** The editable copy the editor opened; absent when that version is gone (the editor's bytes are then processed alone). */
  readonly base: Uint8Array | undefined;
  /** What the editor's save() produced. */
  readonly edited: Uint8Array;
  /** The current version's editable copy, when it is newer than `base`: the save is merged onto it. */
  readonly theirs?: Uint8Array;
};

type Processed = Extract<ProcessResult, { ok: true }>;

/** What the server log needs of the merge report; the per-paragraph list stays in the worker. */
export type MergeSummary = {
  readonly merged: boolean;
  readonly ms: number;
  readonly paragraphs: ParagraphCounts;
  readonly fallbacks: readonly MergeFallback[];
};

export type SaveOutcome =
  | {
      readonly ok: true;
      /** The document to store (its `stored` and `editable` bytes, text and word count). */
      readonly processed: Processed;
      /** Against the version it follows (`theirs` when given, else the base); null when the two could not be compared. */
      readonly summary: VersionSummary | null;
      /**
       * Only with `theirs`: 'merged' when the user's changes applied onto it (`processed` is the
       * result; `saverCopy` the user's own version, the base of that editor's next save), or the
       * paragraphs both changed (`processed` is the version to keep as the conflict).
       */
      readonly threeWay?:
        | { readonly merged: true; readonly paragraphs: number; readonly saverCopy: Uint8Array }
        | { readonly merged: false; readonly conflicts: readonly ThreeWayConflict[] };
      /** Absent when there was no base to merge into. */
      readonly merge: MergeSummary | undefined;
      /** Why the merged document could not be processed, when the editor's was processed instead. */
      readonly mergedFailure: string | undefined;
    }
  | { readonly ok: false; readonly code: string; readonly reason: string; readonly detail?: string };

export function saveDocx(input: SaveInput): SaveOutcome {
  const mine = mergedIntoBase(input);
  if (!mine.ok || input.theirs === undefined || input.base === undefined) {
    return mine.ok && input.base !== undefined ? { ...mine, summary: summarize(input.base, mine.processed.editable) } : mine;
  }
  const threeWay = mergeThreeWay(input.base, mine.processed.editable, input.theirs);
  if (!threeWay.ok) {
    // Kept as a conflict: the newer version with the user's changes, their side winning where
    // both changed the same thing, so 'Keep mine' keeps the other side's other changes too. When
    // that cannot be built safely, the user's own version as it is.
    const mineWins = threeWay.mineWins ? processDocx(threeWay.mineWins) : undefined;
    const conflict = { merged: false as const, conflicts: threeWay.conflicts };
    if (mineWins?.ok) return { ...mine, processed: mineWins, summary: summarize(input.theirs, mineWins.editable), threeWay: conflict };
    return { ...mine, summary: summarize(input.base, mine.processed.editable), threeWay: conflict };
  }
  const processed = processDocx(threeWay.bytes);
  // The merged package goes through the same checks as any save; should it fail them, nothing
  // is discarded: the user's version is kept beside the current one, as for a conflict.
  if (!processed.ok) {
    return { ...mine, summary: null, threeWay: { merged: false, conflicts: [] } };
  }
  const merged = { merged: true as const, paragraphs: threeWay.applied.paragraphs, saverCopy: mine.processed.editable };
  return { ...mine, processed, summary: summarize(input.theirs, processed.editable), threeWay: merged };
}

/** The editor's bytes checked, merged into their base and processed (the whole save when the base is current). */
function mergedIntoBase(input: SaveInput): SaveOutcome {
  const inspected = inspectDocx(input.edited);
  if (!inspected.ok) return inspected;
  if (input.base === undefined) return processedEdited(undefined, undefined, input.edited);
  const { bytes: merged, report } = mergeSave(input.base, inspected.pkg);
  const merge: MergeSummary = { merged: report.merged, ms: report.ms, paragraphs: report.paragraphs, fallbacks: report.fallbacks };
  const processed = processDocx(merged);
  if (processed.ok) return { ok: true, processed, merge, mergedFailure: undefined, summary: null };
  // The merged document is new bytes and goes through the same checks as an upload; should it
  // fail them, the editor's own document (checked above, processed the same way) is kept.
  if (merged === input.edited) return processed;
  return processedEdited(merge, processed.detail ?? processed.reason, input.edited);
}

function processedEdited(merge: MergeSummary | undefined, mergedFailure: string | undefined, edited: Uint8Array): SaveOutcome {
  const processed = processDocx(edited);
  return processed.ok ? { ok: true, processed, merge, mergedFailure, summary: null } : processed;
}
