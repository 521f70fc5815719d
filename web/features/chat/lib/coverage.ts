import type { ChatCoverage } from '@common/schemas/chat';

/** Which part of the document the model read: 'Read paragraphs 12–40 of 212'. */
export function coverageLabel(coverage: ChatCoverage | undefined): string | null {
  if (!coverage || coverage.total <= 0) return null;
  const { from, to, total } = coverage;
  if (from === 1 && to === total) return total === 1 ? 'Read the whole document (1 paragraph)' : `Read the whole document (${total} paragraphs)`;
  if (from === to) return `Read paragraph ${from} of ${total}`;
  return `Read paragraphs ${from}–${to} of ${total}`;
}
