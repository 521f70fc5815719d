import { PLAIN_FORMS, PLAIN_WORDS } from './plain-words';
import { runCheck } from './retext-checks';
import { startsSentence } from './sentences';
import { splitLongSentences } from './split-sentences';
import { applyEdits, type Edit, keepOuterWhitespace, matchCase } from './text-edits';

/** Plain words for wordy ones, then over-long sentences split in two. Returns the new text only. */
export function simplify(text: string): string {
  return keepOuterWhitespace(text, (core) => splitLongSentences(usePlainWords(core)));
}

const FORMS = new RegExp(
  `\\b(?:${Object.keys(PLAIN_FORMS)
    .map((form) => form.replace(/ /g, '\\s+'))
    .join('|')})\\b`,
  'gi',
);

/** "utilize" -> "use", "in order to" -> "to", "commenced" -> "started"; case kept. */
export function usePlainWords(text: string): string {
  const found: Array<{ start: number; end: number; plain: string }> = [];
  for (const f of runCheck('simpler', text)) {
    const plain = PLAIN_WORDS[normalise(text.slice(f.start, f.end))];
    if (plain) found.push({ start: f.start, end: f.end, plain });
  }
  for (const m of text.matchAll(FORMS)) {
    const plain = PLAIN_FORMS[normalise(m[0])];
    if (plain) found.push({ start: m.index, end: m.index + m[0].length, plain });
  }
  const edits = found.flatMap(({ start, end, plain }) => {
    const original = text.slice(start, end);
    // A capital mid-sentence marks a name or a defined term ("the Initial Term", "Transmit
    // Ltd"): those are the document's own words.
    if (original[0] !== original[0]!.toLowerCase() && !startsSentence(text, start)) return [];
    return [withArticle(text, { start, end, replacement: matchCase(original, plain) })];
  });
  return applyEdits(text, edits);
}

function normalise(phrase: string): string {
  return phrase.toLowerCase().replace(/\s+/g, ' ').replace(/’/g, "'");
}

/**
 * Swapping the word after "a" or "an" can change the article ("an equitable" -> "a fair"), so the
 * edit takes the article along and asks retext-indefinite-article which one the new word needs.
 */
function withArticle(text: string, edit: Edit): Edit {
  const article = /\b(an?)(\s+)$/i.exec(text.slice(Math.max(0, edit.start - 4), edit.start));
  if (!article) return edit;
  const [whole, typed = '', space = ''] = article;
  const verdict = runCheck('articles', `${typed.toLowerCase()} ${edit.replacement}`)[0]?.expected[0];
  const needed = matchCase(typed, verdict ?? typed.toLowerCase());
  return { start: edit.start - whole.length, end: edit.end, replacement: needed + space + edit.replacement };
}
