/**
 * The Word comment that says why the assistant made a tracked change. The editor keeps comments
 * (text, author, date) in its own state and writes them on save (comments.xml and its companion
 * parts, commentRangeStart/End and a commentReference around the anchor); only its `addComment`
 * puts one there, and that anchors on a paragraph found by its Word id (or on a phrase that must
 * be unique in it). So the comment is added on the paragraph of the change, then its mark is
 * moved onto the change alone. Pure functions of the ProseMirror state, tested without a browser.
 */
import type { Mark, Node as PmNode } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';

const paraIdOf = (node: PmNode): string | null => (node.isTextblock && typeof node.attrs.paraId === 'string' && node.attrs.paraId !== '' ? node.attrs.paraId : null);

/**
 * A Word paragraph id for `addComment`: the paragraph at `pos`, or, when it has none (a paragraph
 * the assistant split off), the first paragraph that has one; the mark is moved anyway.
 */
export function commentParagraphId(doc: PmNode, pos: number): string | null {
  const $pos = doc.resolve(pos);
  for (let depth = $pos.depth; depth > 0; depth -= 1) {
    const id = paraIdOf($pos.node(depth));
    if (id) return id;
  }
  let first: string | null = null;
  doc.descendants((node) => {
    if (first) return false;
    first = paraIdOf(node);
    return !node.isTextblock;
  });
  return first;
}

const commentMarks = (node: PmNode, state: EditorState) => node.marks.filter((m) => m.type === state.schema.marks.comment);

/**
 * Whether text in from..to already has a comment. A text carries one comment mark at most in the
 * editor's schema (marks of a type exclude each other), so the reason gives way to a comment that
 * is there: anchoring it would take that comment's text from it.
 */
export function hasComment(state: EditorState, from: number, to: number): boolean {
  let found = false;
  state.doc.nodesBetween(from, to, (node) => {
    if (node.isText && commentMarks(node, state).length > 0) found = true;
    return !found;
  });
  return found;
}

/**
 * Moves comment `commentId`, which `addComment` put over a whole paragraph, onto from..to alone.
 * `before` is the document as it was just before: putting the mark over the paragraph replaced
 * any other comment's mark there, and those come back as they were. Null when there is no such mark.
 */
export function moveComment(state: EditorState, before: PmNode, commentId: number, from: number, to: number): Transaction | null {
  const type = state.schema.marks.comment;
  if (!type || from >= to) return null;
  let mark: Mark | null = null;
  let start = -1;
  let end = -1;
  state.doc.descendants((node, pos) => {
    const own = node.isText ? node.marks.find((m) => m.type === type && m.attrs.commentId === commentId) : undefined;
    if (!own) return true;
    mark = own;
    if (start < 0) start = pos;
    end = pos + node.nodeSize;
    return false;
  });
  if (!mark) return null;
  const tr = state.tr.removeMark(start, end, mark);
  before.nodesBetween(start, end, (node, pos) => {
    if (!node.isText) return true;
    for (const other of commentMarks(node, state)) tr.addMark(Math.max(pos, start), Math.min(pos + node.nodeSize, end), other);
    return false;
  });
  return tr.addMark(from, to, mark);
}
