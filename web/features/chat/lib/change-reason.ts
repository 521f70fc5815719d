import type { ChatAction } from '@common/schemas/chat';

/** What each action of the card does to the text, said after its name in the comment. */
const DONE: Record<ChatAction, string> = {
  explain: 'an explanation of the passage',
  rewrite: 'the same meaning in other words',
  improve: 'clearer, more precise wording',
  simplify: 'rewritten in plainer words',
  summarize: 'a shorter summary of the passage',
  proofread: 'spelling, grammar and punctuation corrected',
};

const NAMES: Record<ChatAction, string> = {
  explain: 'Explain',
  rewrite: 'Rewrite',
  improve: 'Improve',
  simplify: 'Simplify',
  summarize: 'Summarize',
  proofread: 'Proofread',
};

/** A change this short (on each side) is quoted whole: the comment then says exactly what changed. */
const QUOTED_MAX = 40;
const QUESTION_MAX = 80;

/** The words that differ between `before` and `after`, once the words both begin and end with are set aside. */
function changedWords(before: string, after: string): { removed: string; added: string } {
  const a = before.split(/(\s+)/);
  const b = after.split(/(\s+)/);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  return { removed: a.slice(start, a.length - end).join('').trim(), added: b.slice(start, b.length - end).join('').trim() };
}

/**
 * Why an answer goes into the document, for the comment on the tracked change: the card's action
 * and what it does, or the words themselves when only a few changed ('Proofread: "recieve" →
 * "receive"'); for a typed question, the question.
 */
export function changeReason({ action, question, selection, answer }: { action?: ChatAction; question?: string; selection: string; answer: string }): string {
  const { removed, added } = changedWords(selection.trim(), answer.trim());
  const small = removed !== '' && added !== '' && removed.length <= QUOTED_MAX && added.length <= QUOTED_MAX;
  const what = small ? `"${removed}" → "${added}"` : null;
  if (action) return `${NAMES[action]}: ${what ?? DONE[action]}`;
  const asked = question?.trim().replace(/\s+/g, ' ') ?? '';
  const quoted = asked.length > QUESTION_MAX ? `${asked.slice(0, QUESTION_MAX).trimEnd()}…` : asked;
  if (what) return `AI Assistant: ${what}${quoted ? `, asked "${quoted}"` : ''}`;
  return quoted ? `AI Assistant: answer to "${quoted}"` : 'AI Assistant: answer from the chat';
}
