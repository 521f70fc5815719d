/**
 * ProseMirror transactions behind replace, insert and suggest for the embedded editor. Pure
 * functions of the editor state, so they are tested without a browser.
 *
 * The formatting rule (docs/decisions/006-merge-every-save-into-its-base.md): new text takes the marks of the text it replaces, or of the text
 * at the caret. Those marks are the run properties (bold, colour, font...) on export.
 */
import type { Mark, Node as PmNode, Schema } from 'prosemirror-model';
import { type EditorState, TextSelection, type Transaction } from 'prosemirror-state';

export const SUGGESTION_AUTHOR = 'AI Assistant';

/**
 * Revision ids share one space with comment ids, and the editor's own counter is seeded from the
 * document only when it loads (it is not reachable from outside). Ids far above anything a
 * document or a session produces keep ours from colliding with the ones it hands out later.
 */
const REVISION_ID_FLOOR = 1_000_000;

/**
 * The answer's lines, one paragraph each; blank lines separate paragraphs and are dropped, unless
 * the text is `exact` (a review's replacement), which keeps every line as it is, blank ones too.
 */
function lines(text: string, exact = false): string[] {
  const all = text.replace(/\r\n?/g, '\n').split('\n');
  return exact ? all : all.filter((line) => line.trim() !== '');
}

const isRevision = (mark: Mark, schema: Schema) => mark.type === schema.marks.insertion || mark.type === schema.marks.deletion;

/** The marks of the text in from..to (or at the caret when from === to), minus tracked-change marks. */
export function marksAt(state: EditorState, from: number, to: number): readonly Mark[] {
  const $from = state.doc.resolve(from);
  const marks = from < to ? ($from.marksAcross(state.doc.resolve(to)) ?? $from.marks()) : (state.storedMarks ?? $from.marks());
  return marks.filter((mark) => !isRevision(mark, state.schema));
}

/** A tracked change's Word triple, as the editor keeps it on a paragraph mark (`pPrIns`). */
type Revision = { revisionId: number; author: string; date: string };

/**
 * Puts `text` at `pos` with `marks`; each further line becomes a new paragraph split off the
 * current one. A split copies the paragraph's attributes, so the new paragraph's Word ids are
 * cleared: two paragraphs with one id would confuse the server's merge, which lines paragraphs
 * up by id. With `paragraphMark`, each split is a tracked insertion of the paragraph mark that
 * now ends the paragraph before it (`pPrIns`, as the editor's own tracked Enter writes it), so
 * rejecting the change joins the paragraphs again.
 */
function insertLines(tr: Transaction, pos: number, text: string, marks: readonly Mark[], exact = false, paragraphMark: Revision | null = null): Transaction {
  const { schema } = tr.doc.type;
  let at = pos;
  lines(text, exact).forEach((line, index) => {
    if (index > 0) {
      const $at = tr.doc.resolve(at);
      const parent = $at.parent;
      const start = $at.before();
      tr.split(at, 1, [{ type: parent.type, attrs: { ...parent.attrs, paraId: null, textId: null } }]);
      if (paragraphMark && 'pPrIns' in parent.attrs) tr.setNodeMarkup(start, undefined, { ...tr.doc.nodeAt(start)!.attrs, pPrIns: paragraphMark });
      at += 2;
    }
    // An exact line may be empty (a deletion); ProseMirror has no empty text nodes.
    if (line === '') return;
    tr.insert(at, schema.text(line, marks));
    at += line.length;
  });
  return caretAt(tr, at);
}

/** The caret goes after the new text, so a second Replace cannot hit the same words again. */
const caretAt = (tr: Transaction, pos: number) => tr.setSelection(TextSelection.create(tr.doc, pos)).scrollIntoView();

/**
 * Replaces from..to with `text`, which keeps the marks of what it replaces. Null for blank text,
 * unless `exact`: then blank text is put in as it is, and empty text deletes the range.
 */
export function replaceRange(state: EditorState, from: number, to: number, text: string, { exact = false } = {}): Transaction | null {
  if (exact ? from === to && text === '' : text.trim() === '') return null;
  const marks = marksAt(state, from, to);
  const tr = state.tr.delete(from, to);
  return insertLines(tr, from, text, marks, exact);
}

/** Inserts `text` at `pos` with the marks found there. Null for blank text. */
export function insertAt(state: EditorState, pos: number, text: string): Transaction | null {
  if (text.trim() === '') return null;
  return insertLines(state.tr, pos, text, marksAt(state, pos, pos));
}

function highestRevisionId(doc: PmNode): number {
  let max = 0;
  doc.descendants((node) => {
    for (const attr of ['pPrIns', 'pPrDel'] as const) {
      const id = Number((node.attrs[attr] as Revision | null | undefined)?.revisionId);
      if (Number.isFinite(id)) max = Math.max(max, id);
    }
    for (const mark of node.marks) {
      const id = Number(mark.attrs.revisionId ?? mark.attrs.commentId);
      if (Number.isFinite(id)) max = Math.max(max, id);
    }
  });
  return max;
}

/**
 * A tracked replacement: the old text stays, marked deleted; the new text follows it, marked
 * inserted; both keep the original marks, so Word shows the redline in the original formatting.
 * The editor's built-in proposeChange drops the marks of the inserted text, hence this.
 * Multi-line text is joined with spaces: a tracked paragraph split needs paragraph-mark revisions.
 */
export function suggestReplacement(
  state: EditorState,
  from: number,
  to: number,
  text: string,
  { now = new Date(), exact = false }: { now?: Date; exact?: boolean } = {},
): Transaction | null {
  const { schema } = state;
  const flat = lines(text, exact).join(' ');
  if ((!exact && flat.trim() === '') || from >= to || !schema.marks.insertion || !schema.marks.deletion) return null;
  const marks = marksAt(state, from, to);
  const base = Math.max(highestRevisionId(state.doc), REVISION_ID_FLOOR);
  const date = now.toISOString();
  const deletion = schema.marks.deletion.create({ revisionId: base + 1, author: SUGGESTION_AUTHOR, date });
  const tr = state.tr.addMark(from, to, deletion);
  // An exact empty text is a deletion alone.
  if (flat !== '') {
    const insertion = schema.marks.insertion.create({ revisionId: base + 2, author: SUGGESTION_AUTHOR, date });
    tr.insert(to, schema.text(flat, [...marks, insertion]));
  }
  return caretAt(tr, to + flat.length);
}

/**
 * A tracked insertion at `pos`: the new text keeps the marks found there, plus an insertion mark
 * by the assistant (its own revision id and date), as the insertion half of `suggestReplacement`.
 * Lines become paragraphs as in `insertAt`; every run carries the mark, and each paragraph mark the
 * split adds is tracked under the same revision. Null for blank text.
 */
export function suggestInsertion(state: EditorState, pos: number, text: string, { now = new Date() }: { now?: Date } = {}): Transaction | null {
  const { schema } = state;
  if (text.trim() === '' || !schema.marks.insertion) return null;
  const revision: Revision = { revisionId: Math.max(highestRevisionId(state.doc), REVISION_ID_FLOOR) + 1, author: SUGGESTION_AUTHOR, date: now.toISOString() };
  const insertion = schema.marks.insertion.create(revision);
  return insertLines(state.tr, pos, text, [...marksAt(state, pos, pos), insertion], false, revision);
}
