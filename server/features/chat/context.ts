/**
 * Which part of the document goes to the model with a question: a window of whole paragraphs
 * around the selection (or from the start, for a free question) that fits a character budget.
 * The coverage it reports is what the chat shows: 'Read paragraphs 12–40 of 212'.
 */
import type { ChatCoverage } from '@common/schemas/chat';
import { type DocumentText, isBlank, locateSelection } from './document-text';

export type DocumentWindow = {
  /** The paragraphs sent, each as `[n] text` (empty ones left out), one per line. */
  text: string;
  /** The same paragraphs as extracted, for the offline engine, which reads plain text. */
  plainText: string;
  coverage: ChatCoverage | undefined;
  /** Whether the selection was found in the document (false also when there is none). */
  selectionFound: boolean;
};

/**
 * Grows the window from the anchor paragraphs one paragraph at a time on each side, alternately,
 * while the next one fits; without an anchor, from the first paragraph forwards. The anchor is
 * always included, cut to the budget if it alone is too long.
 */
export function pickWindow(
  paragraphs: readonly string[],
  anchor: { first: number; last: number } | undefined,
  budgetChars: number,
): { from: number; to: number } {
  const cost = (i: number) => renderedLength(i, paragraphs[i]!) + 1;
  let from = anchor?.first ?? 0;
  let to = from;
  let used = cost(from);
  for (let i = from + 1; i <= (anchor?.last ?? from); i++) {
    if (used + cost(i) > budgetChars) return { from, to };
    used += cost(i);
    to = i;
  }
  let canGrowBefore = true;
  let canGrowAfter = true;
  while (canGrowBefore || canGrowAfter) {
    if (canGrowAfter) {
      if (to + 1 < paragraphs.length && used + cost(to + 1) <= budgetChars) used += cost(++to);
      else canGrowAfter = false;
    }
    if (canGrowBefore) {
      if (from > 0 && used + cost(from - 1) <= budgetChars) used += cost(--from);
      else canGrowBefore = false;
    }
  }
  return { from, to };
}

export function documentWindow(doc: DocumentText | undefined, selection: string | undefined, budgetChars: number): DocumentWindow {
  if (!doc?.hasText) return { text: '', plainText: '', coverage: undefined, selectionFound: false };
  const { paragraphs } = doc;
  const anchor = selection ? locateSelection(doc, selection) : undefined;
  const { from, to } = pickWindow(paragraphs, anchor, budgetChars);
  const lines: string[] = [];
  for (let i = from; i <= to; i++) if (!isBlank(paragraphs[i]!)) lines.push(`[${i + 1}] ${paragraphs[i]}`);
  let text = lines.join('\n');
  if (text.length > budgetChars) text = `${text.slice(0, Math.max(0, budgetChars - 1))}…`;
  return {
    text,
    plainText: paragraphs.slice(from, to + 1).join('\n'),
    coverage: { from: from + 1, to: to + 1, total: paragraphs.length },
    selectionFound: anchor !== undefined,
  };
}

/** The length of `[n] text` (nothing for a blank paragraph), without building it. */
const renderedLength = (index: number, paragraph: string) => (isBlank(paragraph) ? 0 : String(index + 1).length + 3 + paragraph.length);
