import { DiffBudget } from '../merge/diff';
import { type Analysis, analyse } from './analyse';
import { countWords } from './words';
import { writeRedline } from './redline';

/**
 * Version comparison (docs/decisions/026-versions.md): what changed from version a (older) to
 * version b (newer) of one document, as JSON for the compare view and as a Word redline. Pure and
 * synchronous (it runs in the work pool). Throws only when a package cannot be read; the word
 * comparison is bounded by a DiffBudget and falls back to whole-paragraph replacement past it.
 *
 * Existing tracked changes: texts are compared as if every change already in a or b were
 * accepted (deleted text is not text, inserted text is), and the redline keeps them as they are.
 * So accepting everything in the redline gives b's text, and rejecting only the comparison's own
 * changes (its author's) while accepting the rest gives a's.
 *
 * Compared: each paragraph's text and direct formatting (run properties, style, paragraph
 * properties) in the body, tables, headers, footers, notes and comments. Not compared: pictures
 * and other objects, the text of text boxes and equations, table structure (a deleted row's
 * paragraphs are deleted, the row itself is not marked), and style definitions.
 */

export type WordOp = { op: 'equal' | 'insert' | 'delete'; text: string };
/**
 * `part`: the story part (word/document.xml, word/header1.xml...); `indexA`/`indexB`: the
 * paragraph's position among that part's paragraphs in a and b (table cells' included, text
 * boxes' not); `paraId`: b's w14:paraId (a's for a deleted paragraph), when it has one.
 */
export type ParagraphDiff =
  | { kind: 'changed'; part: string; paraId?: string; indexA: number; indexB: number; words: WordOp[]; formatting: string[] }
  | { kind: 'inserted'; part: string; paraId?: string; indexB: number; text: string }
  | { kind: 'deleted'; part: string; paraId?: string; indexA: number; text: string }
  | { kind: 'moved'; part: string; paraId?: string; indexA: number; indexB: number; text: string; words: WordOp[] };
export interface Comparison {
  paragraphs: ParagraphDiff[];
  totals: { changed: number; inserted: number; deleted: number; moved: number; formatting: number; wordsInserted: number; wordsDeleted: number };
}
export interface ChangeSummary {
  paragraphsChanged: number;
  paragraphsAdded: number;
  paragraphsRemoved: number;
  wordsAdded: number;
  wordsRemoved: number;
}
export interface RedlineAuthor {
  readonly author: string;
  /** ISO 8601, as Word writes w:date. */
  readonly date: string;
}

/**
 * Word comparison work (diff.ts units) one comparison may spend, as the save merge allows one
 * save (MAX_DIFF_WORK_PER_SAVE): about a third of a second of searching. Past it, the remaining
 * changed paragraphs are reported as replaced whole.
 */
export const MAX_COMPARE_WORK = 10_000_000;

export function compareDocx(a: Uint8Array, b: Uint8Array, budget = new DiffBudget(MAX_COMPARE_WORK)): Comparison {
  return toJson(analyse(a, b, budget));
}

/** The history's summary of a comparison; a moved paragraph counts as changed. */
export function changeSummary(c: Comparison): ChangeSummary {
  const t = c.totals;
  return { paragraphsChanged: t.changed + t.moved, paragraphsAdded: t.inserted, paragraphsRemoved: t.deleted, wordsAdded: t.wordsInserted, wordsRemoved: t.wordsDeleted };
}

/** Version b's package with every difference from a written as Word tracked changes by `who`. */
export function redlineDocx(a: Uint8Array, b: Uint8Array, who: RedlineAuthor, budget = new DiffBudget(MAX_COMPARE_WORK)): Uint8Array {
  return writeRedline(analyse(a, b, budget), who);
}

function toJson(analysis: Analysis): Comparison {
  const paragraphs: ParagraphDiff[] = [];
  const totals = { changed: 0, inserted: 0, deleted: 0, moved: 0, formatting: 0, wordsInserted: 0, wordsDeleted: 0 };
  const idOf = (block: { paraId?: string }) => (block.paraId === undefined ? {} : { paraId: block.paraId });
  for (const part of analysis.parts) {
    for (const e of part.entries) {
      if (e.kind === 'inserted') {
        const text = part.b!.visible(e.j).text;
        paragraphs.push({ kind: 'inserted', part: part.name, ...idOf(part.b!.block(e.j)), indexB: e.j, text });
        totals.inserted++;
        totals.wordsInserted += countWords(text);
      } else if (e.kind === 'deleted') {
        const text = part.a!.visible(e.i).text;
        paragraphs.push({ kind: 'deleted', part: part.name, ...idOf(part.a!.block(e.i)), indexA: e.i, text });
        totals.deleted++;
        totals.wordsDeleted += countWords(text);
      } else {
        const { detail } = e;
        const where = { part: part.name, ...idOf(part.b!.block(e.j)), indexA: e.i, indexB: e.j };
        if (e.kind === 'moved') {
          paragraphs.push({ kind: 'moved', ...where, text: detail.vb.text, words: detail.words });
          totals.moved++;
        } else {
          paragraphs.push({ kind: 'changed', ...where, words: detail.words, formatting: detail.formatting });
          totals.changed++;
          if (detail.formatting.length > 0) totals.formatting++;
        }
        totals.wordsInserted += detail.inserted;
        totals.wordsDeleted += detail.deleted;
      }
    }
  }
  return { paragraphs, totals };
}
