import { type DiffBudget, Interner, diff } from './diff';
import type { ParagraphModel, Run } from './paragraph';

/**
 * Lines up the characters of a base paragraph with those of the editor's version: which were
 * kept, which deleted, and where each inserted character goes. The diff runs on words, not
 * characters, so "brown" -> "red" is one replaced word rather than a shared 'r' with edits
 * around it; a revision boundary (the end of a w:del, the start of a w:ins) also ends a word.
 */

/** Where an inserted character is written relative to a base character. */
export type Placement = 'before' | 'at' | 'after' | 'mark';

export interface CharAlignment {
  /** For each base character, the edited character it became, or -1 if it was deleted. */
  readonly baseToEdited: Int32Array;
  /** For each edited character, the base character it came from, or -1 if inserted. */
  readonly editedToBase: Int32Array;
  /** For each inserted edited character: the base character it is placed against, and how. */
  readonly anchor: Int32Array;
  readonly placement: readonly (Placement | undefined)[];
}

const WORD = /[\p{L}\p{N}_'\u2019-]/u;

function charClass(ch: string): number {
  if (ch === ' ' || ch === '\u00a0') return 1;
  if (ch.length !== 1 || ch === '\t' || ch === '\n') return 3; // each its own token
  return WORD.test(ch) ? 2 : 3;
}

/**
 * Characters the editor never shows: smart-tag text (docs/editor.md: dropped), text in a revision
 * inside another (a deletion inside a tracked move: dropped), and in comments the text of links
 * (dropped when it writes comments back). The user cannot have deleted them, so they stay as
 * they are and take no part in the diff, on either side.
 */
export function hidden(p: ParagraphModel, c: number, inComment: boolean): boolean {
  return hiddenRun(p.runs[p.charRun[c]!]!, inComment);
}

function hiddenRun(run: Run, inComment: boolean): boolean {
  return run.smartTag || run.nestedRevision || (inComment && run.link);
}

/** The paragraph's visible characters cut into tokens: each token's character indices. */
function tokens(p: ParagraphModel, interner: Interner, inComment: boolean): { keys: number[]; members: number[][] } {
  const keys: number[] = [];
  const members: number[][] = [];
  const { text, runs } = p;
  let current: number[] = [];
  let cls = 0;
  let rev: { kind: string; author: string } | undefined;
  const flush = () => {
    if (current.length === 0) return;
    keys.push(interner.id(text.slice(current[0], current[current.length - 1]! + 1)));
    members.push(current);
    current = [];
  };
  for (let i = 0; i < text.length; i++) {
    if (hidden(p, i, inComment)) {
      flush();
      continue;
    }
    const k = charClass(text[i]!);
    const r = runs[p.charRun[i]!]!.revision;
    if (current.length > 0 && (k !== cls || k === 3 || !sameRevision(r, rev))) flush();
    current.push(i);
    cls = k;
    rev = r;
  }
  flush();
  return { keys, members };
}

/**
 * The usual case, a paragraph the editor rewrote without a change to its text: characters pair
 * one to one, and neither tokens nor a diff are needed.
 */
function sameText(base: ParagraphModel, edited: ParagraphModel, inComment: boolean): CharAlignment | undefined {
  const anyHidden = (p: ParagraphModel) => p.runs.some((r) => hiddenRun(r, inComment));
  if (!anyHidden(base) && !anyHidden(edited)) {
    if (base.text !== edited.text) return undefined;
    const identity = new Int32Array(base.text.length);
    for (let i = 0; i < identity.length; i++) identity[i] = i;
    // Nothing is inserted, so nothing is ever placed.
    return { baseToEdited: identity, editedToBase: identity, anchor: NO_ANCHORS, placement: [] };
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < base.text.length; i++) if (!hidden(base, i, inComment)) a.push(i);
  for (let j = 0; j < edited.text.length; j++) if (!hidden(edited, j, inComment)) b.push(j);
  if (a.length !== b.length) return undefined;
  for (let k = 0; k < a.length; k++) if (base.text[a[k]!] !== edited.text[b[k]!]) return undefined;
  const baseToEdited = new Int32Array(base.text.length).fill(-1);
  const editedToBase = new Int32Array(edited.text.length).fill(-1);
  for (let k = 0; k < a.length; k++) {
    baseToEdited[a[k]!] = b[k]!;
    editedToBase[b[k]!] = a[k]!;
  }
  return { baseToEdited, editedToBase, anchor: new Int32Array(edited.text.length).fill(-1), placement: new Array(edited.text.length) };
}

const NO_ANCHORS = new Int32Array(0);

function sameRevision(a: { kind: string; author: string } | undefined, b: { kind: string; author: string } | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.kind === b.kind && a.author === b.author);
}

/** `budget`: shared by the paragraphs of one save; DiffBudgetExceeded when it runs out. */
export function alignChars(base: ParagraphModel, edited: ParagraphModel, inComment = false, budget?: DiffBudget): CharAlignment {
  const same = sameText(base, edited, inComment);
  if (same) return same;
  const interner = new Interner();
  const a = tokens(base, interner, inComment);
  const b = tokens(edited, interner, inComment);
  const baseToEdited = new Int32Array(base.text.length).fill(-1);
  const editedToBase = new Int32Array(edited.text.length).fill(-1);
  const anchor = new Int32Array(edited.text.length).fill(-1);
  const placement: (Placement | undefined)[] = new Array(edited.text.length);

  const steps = diff(a.keys, b.keys, budget);
  let lastKept = -1; // last base character kept so far
  let s = 0;
  while (s < steps.length) {
    const step = steps[s]!;
    if (step.op === 'equal') {
      const ma = a.members[step.i]!;
      const mb = b.members[step.j]!;
      ma.forEach((x, k) => {
        baseToEdited[x] = mb[k]!;
        editedToBase[mb[k]!] = x;
      });
      lastKept = ma[ma.length - 1]!;
      s++;
      continue;
    }
    // A hunk: the deletions and insertions between two kept tokens.
    const deleted: number[] = [];
    let inserted: number[] = [];
    let nextBase = -1;
    for (; s < steps.length && steps[s]!.op !== 'equal'; s++) {
      const h = steps[s]!;
      if (h.op === 'delete') deleted.push(...a.members[h.i]!);
      else inserted.push(...b.members[h.j]!);
    }
    if (s < steps.length) nextBase = a.members[steps[s]!.i]![0]!;
    // Within a replaced word, the characters both sides share at its ends stay where they were:
    // "Fff" + "Lorem" in two runs, edited to "RedraftedLorem", keeps "Lorem" in its own run.
    let pre = 0;
    while (pre < deleted.length && pre < inserted.length && base.text[deleted[pre]!] === edited.text[inserted[pre]!]) pre++;
    let suf = 0;
    while (
      suf < deleted.length - pre &&
      suf < inserted.length - pre &&
      base.text[deleted[deleted.length - 1 - suf]!] === edited.text[inserted[inserted.length - 1 - suf]!]
    ) suf++;
    const keep = (x: number, y: number) => {
      baseToEdited[x] = y;
      editedToBase[y] = x;
    };
    for (let k = 0; k < pre; k++) keep(deleted[k]!, inserted[k]!);
    for (let k = 1; k <= suf; k++) keep(deleted[deleted.length - k]!, inserted[inserted.length - k]!);
    if (pre > 0) lastKept = deleted[pre - 1]!;
    const firstDeleted = deleted.length - suf > pre ? deleted[pre]! : -1;
    if (suf > 0) nextBase = deleted[deleted.length - suf]!;
    inserted = inserted.slice(pre, inserted.length - suf);
    // Replacing text takes the place (and so the run) of the first character it replaces; pure
    // insertions follow the character before them, or precede the next at the paragraph start.
    for (const k of inserted) {
      if (firstDeleted >= 0) [anchor[k], placement[k]] = [firstDeleted, 'at'];
      else if (lastKept >= 0) [anchor[k], placement[k]] = [lastKept, 'after'];
      else if (nextBase >= 0) [anchor[k], placement[k]] = [nextBase, 'before'];
      else placement[k] = 'mark';
    }
    if (suf > 0) lastKept = deleted[deleted.length - 1]!;
  }
  return { baseToEdited, editedToBase, anchor, placement };
}
