/**
 * Finding a passage the server quoted (a review finding) in the embedded editor's document: the
 * paragraph by its Word id, then the quote in the paragraph's visible text. Pure functions of the
 * ProseMirror document, so they are tested without a browser.
 *
 * The visible text is read as the server reads it (server/docx/story.ts): text as it is, a tab
 * as '\t', a line break as '\n', text marked deleted (a tracked deletion) left out. Each
 * character keeps the document positions before and after it, to turn offsets into a range.
 */
import type { Node as PmNode } from 'prosemirror-model';
import type { Passage } from '../editor-adapter';

type VisibleText = {
  text: string;
  /** The document position just before / just after each character of `text`. */
  before: number[];
  after: number[];
};

/** What a leaf node shows in the text; fields and equations show their result, never their code. */
function leafText(node: PmNode): string {
  switch (node.type.name) {
    case 'tab':
      return '\t';
    case 'hardBreak':
      return '\n';
    case 'field':
      return String(node.attrs.displayText ?? '');
    case 'math':
      return String(node.attrs.plainText ?? '');
    default:
      return '';
  }
}

/** The visible text of the paragraph that starts at `pos` (the position just before it). */
export function visibleText(paragraph: PmNode, pos: number): VisibleText {
  const out: VisibleText = { text: '', before: [], after: [] };
  const add = (chars: string, before: (i: number) => number, after: (i: number) => number) => {
    for (let i = 0; i < chars.length; i += 1) {
      out.before.push(before(i));
      out.after.push(after(i));
    }
    out.text += chars;
  };
  paragraph.descendants((node, offset) => {
    const at = pos + 1 + offset;
    if (node.isText) {
      if (!node.marks.some((mark) => mark.type.name === 'deletion')) add(node.text ?? '', (i) => at + i, (i) => at + i + 1);
      return false;
    }
    if (node.isLeaf) {
      add(leafText(node), () => at, () => at + node.nodeSize);
      return false;
    }
    // An inline container (a content control) holds text of the paragraph.
    return true;
  });
  return out;
}

/** The first textblock whose Word paragraph id is `paraId` (ids are hex: any case), with its position. */
export function findParagraph(doc: PmNode, paraId: string): { node: PmNode; pos: number } | null {
  const wanted = paraId.toUpperCase();
  let found: { node: PmNode; pos: number } | null = null;
  doc.descendants((node, pos) => {
    if (found) return false;
    if (!node.isTextblock) return true;
    if (typeof node.attrs.paraId === 'string' && node.attrs.paraId.toUpperCase() === wanted) found = { node, pos };
    return false;
  });
  return found;
}

/** Where `quote` occurs in `text`, the occurrence nearest to `offset` first; -1 when nowhere. */
function nearestOccurrence(text: string, quote: string, offset: number): number {
  let best = -1;
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    if (best === -1 || Math.abs(at - offset) < Math.abs(best - offset)) best = at;
  }
  return best;
}

/**
 * The document range of `passage`: at its offset when the text there is still the quote, else at
 * the quote's occurrence in the paragraph nearest to it. `changed` when the paragraph no longer
 * holds the quote, `missing` when no paragraph of the document body has the id.
 */
export function locatePassage(doc: PmNode, { paraId, offset, quote }: Passage): { from: number; to: number } | 'changed' | 'missing' {
  const paragraph = paraId ? findParagraph(doc, paraId) : null;
  if (!paragraph) return 'missing';
  if (quote === '') return 'changed';
  const { text, before, after } = visibleText(paragraph.node, paragraph.pos);
  const start = text.startsWith(quote, offset) ? offset : nearestOccurrence(text, quote, offset);
  if (start < 0) return 'changed';
  return { from: before[start]!, to: after[start + quote.length - 1]! };
}
