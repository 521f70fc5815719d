import type { ChatAction } from '@common/schemas/chat';
import { answer } from './answer';
import { explain } from './explain';
import { proofread } from './proofread';
import { simplify, usePlainWords } from './simplify';
import { splitLongSentences } from './split-sentences';
import { summarize } from './summarize';

/** The chat's six actions, plus a free question about the document. */
export type OfflineAction = ChatAction | 'question';

export interface OfflineRequest {
  readonly action: OfflineAction;
  /** The selection the action works on (for summarize, empty means the whole document). */
  readonly text: string;
  readonly question?: string;
  readonly documentText?: string;
}

/** Proofreading plus plain words: the same sentences, corrected and easier to read. */
export function improve(text: string): string {
  return usePlainWords(proofread(text));
}

/** Improve, and split over-long sentences: the fullest rewrite the engine can do faithfully. */
export function rewrite(text: string): string {
  return splitLongSentences(improve(text));
}

/**
 * The offline engine's answer to one request. Deterministic: the same request always gets the
 * same answer, with no network and no model. The edit actions return only the replacement text,
 * because the product puts it in place of the selection.
 */
export function runOfflineAction(request: OfflineRequest): string {
  const { action, text } = request;
  switch (action) {
    case 'proofread':
      return proofread(text);
    case 'improve':
      return improve(text);
    case 'rewrite':
      return rewrite(text);
    case 'simplify':
      return simplify(text);
    case 'explain':
      return explain(text);
    case 'summarize': {
      const source = text.trim() ? text : (request.documentText ?? '');
      return source.trim() ? summarize(source) : 'There is no text to summarize.';
    }
    case 'question':
      return answer(request.question ?? text, request.documentText ?? '');
  }
}
