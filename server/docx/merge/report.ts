/**
 * What a merge did, for the server log and for the fidelity harness to print: per paragraph that
 * changed, and every place where the merge kept the editor's version because it could not be sure.
 */

/** `ignored`: an empty paragraph the editor added by itself, left out. */
export type ChangeKind = 'edited' | 'inserted' | 'deleted' | 'moved' | 'ignored';

export interface ParagraphChange {
  readonly part: string;
  readonly kind: ChangeKind;
  /** The paragraph's w14:paraId (the base's, or the editor's for an inserted one). */
  readonly paraId: string | undefined;
}

/** What was taken from the editor as it was (a part: kept from the base, being unreadable). */
export type FallbackScope = 'paragraph' | 'table' | 'part' | 'document';

export interface MergeFallback {
  readonly part: string;
  readonly scope: FallbackScope;
  readonly paraId: string | undefined;
  /** Why the merge could not be sure, in a phrase a log reader understands. */
  readonly reason: string;
}

export type PartAction =
  /** Paragraphs merged into the base part. */
  | 'merged'
  /** The base part with only dcterms:modified taken from the editor. */
  | 'modified-time'
  /** A part the editor added and the merged document refers to (a first comment, a picture). */
  | 'added'
  /** The base part with entries added for what the editor added elsewhere (a new comment's in commentsExtended.xml). */
  | 'entries-added'
  /** The editor changed it; the base bytes were kept (styles, numbering, re-added media...). */
  | 'editor-change-ignored';

export interface PartOutcome {
  readonly part: string;
  readonly action: PartAction;
}

export interface ParagraphCounts {
  base: number;
  edited: number;
  /** Kept byte for byte. */
  untouched: number;
  merged: number;
  inserted: number;
  deleted: number;
  /** Taken from the editor as it wrote them. */
  fallback: number;
}

export interface MergeReport {
  /** False when the whole editor document was kept (the merge failed); `fallbacks` says why. */
  readonly merged: boolean;
  readonly paragraphs: ParagraphCounts;
  readonly changes: readonly ParagraphChange[];
  readonly fallbacks: readonly MergeFallback[];
  /** Parts that did not simply keep their base bytes. */
  readonly parts: readonly PartOutcome[];
  readonly ms: number;
  /** Word comparison work the save spent (diff.ts units), within MAX_DIFF_WORK_PER_SAVE but for the last step. */
  readonly comparisonWork?: number;
}

export function emptyCounts(): ParagraphCounts {
  return { base: 0, edited: 0, untouched: 0, merged: 0, inserted: 0, deleted: 0, fallback: 0 };
}

export function addCounts(into: ParagraphCounts, more: ParagraphCounts): void {
  for (const k of Object.keys(into) as (keyof ParagraphCounts)[]) into[k] += more[k];
}

/** A few lines a person can read: totals, then each fallback with its reason. */
export function formatReport(r: MergeReport): string {
  const p = r.paragraphs;
  const lines = [
    `${r.merged ? 'merged' : 'NOT merged (editor document kept)'} in ${r.ms.toFixed(1)} ms: ` +
      `${p.base} base / ${p.edited} edited paragraphs; ${p.untouched} untouched, ${p.merged} merged, ` +
      `${p.inserted} inserted, ${p.deleted} deleted, ${p.fallback} taken from the editor`,
  ];
  const parts = r.parts.filter((x) => x.action !== 'merged');
  if (parts.length > 0) lines.push(`parts: ${parts.map((x) => `${x.part} (${x.action})`).join(', ')}`);
  for (const f of r.fallbacks) lines.push(`fallback ${f.scope} ${f.part}${f.paraId ? `#${f.paraId}` : ''}: ${f.reason}`);
  return lines.join('\n');
}
