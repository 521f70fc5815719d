/**
 * Which part of the document goes to the model with a question: a window of whole paragraphs
 * around the selection (or from the start, for a free question) that fits a character budget.
 * The coverage it reports is what the chat shows: 'Read paragraphs 12–40 of 212'.
 */
import type { ChatCoverage } from '@common/schemas/chat';

export type DocumentWindow = {
  /** The paragraphs sent, each as `[n] text` (empty ones left out), one per line. */
  text: string;
  /** The same paragraphs as extracted, for the offline engine, which reads plain text. */
  plainText: string;
  coverage: ChatCoverage | undefined;
  /** Whether the selection was found in the document (false also when there is none). */
  selectionFound: boolean;
};

/** Extracted text keeps one paragraph per line (server/docx/text.ts). */
export function splitParagraphs(plainText: string | null | undefined): string[] {
  if (!plainText) return [];
  return plainText.split('\n');
}

/**
 * The first and last paragraph (0-based) that the selection spans. Whitespace is compared loosely,
 * because the editor and the text extraction may render tabs, breaks and runs of spaces
 * differently; then case; then the selection's first and last words.
 */
export function locateSelection(paragraphs: readonly string[], selection: string): { first: number; last: number } | undefined {
  const haystack = normalise(paragraphs);
  const needle = collapse(selection).trim();
  if (!needle) return undefined;
  const span = (hay: string, find: string) => {
    const at = hay.indexOf(find);
    return at < 0 ? undefined : { first: haystack.paragraphAt[at]!, last: haystack.paragraphAt[at + find.length - 1]! };
  };
  const exact = span(haystack.text, needle);
  if (exact) return exact;
  // Lower-casing can change lengths (e.g. 'İ'), which would break the index-to-paragraph map.
  const lowerHay = haystack.text.toLowerCase();
  if (lowerHay.length === haystack.text.length) {
    const folded = span(lowerHay, needle.toLowerCase());
    if (folded) return folded;
  }
  // The editor may add what extraction leaves out (list numbers, a table's layout): its two ends will do.
  if (needle.length <= EDGE) return undefined;
  const head = span(haystack.text, needle.slice(0, EDGE));
  const tail = span(haystack.text, needle.slice(-EDGE));
  if (head && tail && tail.last >= head.first) return { first: head.first, last: tail.last };
  return head ?? tail;
}

const EDGE = 40;

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
  const cost = (i: number) => rendered(i, paragraphs[i]!).length + 1;
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

export function documentWindow(plainText: string | null | undefined, selection: string | undefined, budgetChars: number): DocumentWindow {
  const paragraphs = splitParagraphs(plainText);
  if (paragraphs.every((p) => !p.trim())) return { text: '', plainText: '', coverage: undefined, selectionFound: false };
  const anchor = selection ? locateSelection(paragraphs, selection) : undefined;
  const { from, to } = pickWindow(paragraphs, anchor, budgetChars);
  const lines: string[] = [];
  for (let i = from; i <= to; i++) if (paragraphs[i]!.trim()) lines.push(rendered(i, paragraphs[i]!));
  let text = lines.join('\n');
  if (text.length > budgetChars) text = `${text.slice(0, Math.max(0, budgetChars - 1))}…`;
  return {
    text,
    plainText: paragraphs.slice(from, to + 1).join('\n'),
    coverage: { from: from + 1, to: to + 1, total: paragraphs.length },
    selectionFound: anchor !== undefined,
  };
}

const rendered = (index: number, paragraph: string) => (paragraph.trim() ? `[${index + 1}] ${paragraph}` : '');

const collapse = (s: string) => s.replace(/\s+/g, ' ');

/** All paragraphs as one whitespace-collapsed string, with the paragraph of every character. */
function normalise(paragraphs: readonly string[]): { text: string; paragraphAt: number[] } {
  let text = '';
  const paragraphAt: number[] = [];
  let lastWasSpace = true;
  paragraphs.forEach((p, index) => {
    for (const ch of `${p}\n`) {
      const space = /\s/.test(ch);
      if (space && lastWasSpace) continue;
      const out = space ? ' ' : ch;
      text += out;
      for (let k = 0; k < out.length; k++) paragraphAt.push(index);
      lastWasSpace = space;
    }
  });
  return { text, paragraphAt };
}
