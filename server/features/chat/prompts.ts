/**
 * What the model is told. The six actions each get a precise instruction; the edit actions'
 * answers replace the selection as they are, so they must be the new text and nothing else.
 */
import { type ChatAction, EDIT_ACTIONS } from '@common/schemas/chat';
import type { DocumentWindow } from './context';

export const ACTION_INSTRUCTIONS: Record<ChatAction, string> = {
  explain:
    'Explain the selected text to a careful reader who is not a specialist: what it says in plain words; what it requires, allows or forbids, and of whom; ' +
    'and the defined terms, conditions, deadlines, exceptions and cross-references it depends on (look them up in the document text). ' +
    'Point out anything ambiguous. Do not go beyond what the text says. Use a few short paragraphs or a short list.',
  rewrite:
    'Rewrite the selected text in different words with the same meaning. Keep every fact, name, number, date, defined term, obligation and condition, ' +
    'keep the register (formal stays formal) and keep roughly the same length.',
  improve:
    'Improve the selected text: make it clearer, more precise and better flowing, and correct any spelling, grammar and punctuation mistakes. ' +
    'Keep its meaning, facts, names, numbers, dates, defined terms and register; add nothing new.',
  simplify:
    'Rewrite the selected text in plain language: short sentences, common words, active voice, one idea per sentence. ' +
    'Keep its meaning and every fact, name, number, date, obligation and condition; keep defined terms (capitalised terms) exactly as they are.',
  summarize:
    'Summarize the selected text: its main points, and any obligations, deadlines and amounts, in a few sentences or a short list, ' +
    'far shorter than the original. Add nothing it does not say.',
  proofread:
    'Proofread the selected text: correct spelling, grammar, punctuation, capitalisation and spacing mistakes and repeated words, and nothing else. ' +
    'Keep the wording, the style, the spelling variant (British or American) and the line breaks. If there is nothing to correct, answer with the text unchanged.',
};

const SUMMARIZE_DOCUMENT =
  'Summarize the document from the text you were given: its purpose, main points, and any obligations, deadlines and amounts, ' +
  'in a few sentences or a short list. Say which paragraphs you read if that is not the whole document. Add nothing it does not say.';

export const EDIT_ANSWER_RULE =
  'Answer with the replacement text only: it replaces the selection in the document exactly as you write it. ' +
  'No preamble, no comment, no quotation marks or code fences around it, no Markdown. Write it in the same language as the selected text and keep its paragraph breaks.';

export const isEditAction = (action: ChatAction | undefined): boolean => action !== undefined && EDIT_ACTIONS.includes(action);

export type PromptInput = {
  /** The document's name, without the .docx extension. */
  title: string;
  window: DocumentWindow;
  selection: string | undefined;
  action: ChatAction | undefined;
  /** What the user typed (for an action: the canned request the card sent). */
  content: string;
  /** Earlier questions and good answers, oldest first; only used for free questions. */
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
};

export type Prompt = { system: string; messages: Array<{ role: 'user' | 'assistant'; content: string }> };

export function documentTitle(originalName: string): string {
  return originalName.replace(/\.docx$/i, '').trim() || originalName;
}

export function buildPrompt(input: PromptInput): Prompt {
  const edit = isEditAction(input.action);
  const system = [
    `You are the writing assistant in Redraft, a document editor. You help one person with one document, titled "${input.title}".`,
    'Work only from the document text and the selected text you are given. Do not invent facts, names, dates, amounts or legal effects; ' +
      'if the text you were given does not answer the question, say so plainly.',
    'Keep defined terms, names, numbers, dates and cross-references exactly as written unless you are asked to change them.',
    edit
      ? 'Write in the language of the selected text.'
      : "Answer in the language of the user's message. Be concise; plain text, with short lists only where they help.",
    ...(edit ? [EDIT_ANSWER_RULE] : []),
  ].join('\n');

  const parts = [`Document: ${input.title}`, documentSection(input.window)];
  if (input.selection) parts.push(`Selected text:\n<selection>\n${input.selection}\n</selection>`);
  if (input.action) {
    const instruction = input.action === 'summarize' && !input.selection ? SUMMARIZE_DOCUMENT : ACTION_INSTRUCTIONS[input.action];
    // The card's canned request only repeats the selection, so the instruction stands in for it.
    parts.push(`Task: ${instruction}`);
    if (edit) parts.push(EDIT_ANSWER_RULE);
  } else {
    parts.push(`${input.selection ? 'Question about the selected text' : 'Question'}: ${input.content}`);
  }
  const history = input.action ? [] : input.history;
  return { system, messages: [...history, { role: 'user', content: parts.join('\n\n') }] };
}

function documentSection(window: DocumentWindow): string {
  const c = window.coverage;
  if (!c || !window.text) return 'The document text is not available (it has no text, or it is still being processed).';
  const scope = c.from === 1 && c.to === c.total ? `the whole document, ${c.total} paragraphs` : `paragraphs ${c.from}–${c.to} of ${c.total}`;
  return `Document text (${scope}; the number in brackets is the paragraph number):\n<document>\n${window.text}\n</document>`;
}

/**
 * Models sometimes wrap an edit in quotes or a code fence despite being told not to; the stored
 * answer, which Replace inserts, drops that wrapping (but keeps quotes the selection itself has).
 */
export function tidyEditAnswer(answer: string, selection: string): string {
  let text = answer.trim();
  const fence = /^```[\w-]*\n([\s\S]*?)\n?```$/.exec(text);
  if (fence) text = fence[1]!.trim();
  const pairs: Array<[string, string]> = [['"', '"'], ['“', '”'], ['«', '»'], ["'", "'"], ['„', '“']];
  const sel = selection.trim();
  for (const [open, close] of pairs) {
    const wrapped = text.length >= 2 && text.startsWith(open) && text.endsWith(close);
    if (wrapped && !(sel.startsWith(open) && sel.endsWith(close))) {
      const inner = text.slice(open.length, -close.length);
      if (!inner.includes(open) && !inner.includes(close)) text = inner.trim();
      break;
    }
  }
  return text;
}
