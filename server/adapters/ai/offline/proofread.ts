import { runCheck } from './retext-checks';
import { startsSentence } from './sentences';
import { SpellingBudget, correctWord } from './speller';
import { applyEdits, capitalise, type Edit, keepOuterWhitespace } from './text-edits';

/**
 * The selection with its mechanical errors fixed, and nothing else changed: spacing, spelling
 * (only certain fixes, see correctWord), doubled words, "a"/"an", and capitals that start a
 * sentence. Line breaks and the whitespace around the selection are kept, because the result
 * goes back into the document in place of the selection.
 */
export function proofread(text: string): string {
  return keepOuterWhitespace(text, (core) => {
    let out = fixSpacing(core);
    out = applyEdits(out, spellingEdits(out));
    out = applyEdits(out, repeatedWordEdits(out));
    out = fixArticles(out);
    return applyEdits(out, capitalEdits(out));
  });
}

/** "a apple" -> "an apple", "an user" -> "a user", as retext-indefinite-article decides. */
function fixArticles(text: string): string {
  const edits = runCheck('articles', text).flatMap((f) => (f.expected[0] ? [{ start: f.start, end: f.end, replacement: f.expected[0] }] : []));
  return applyEdits(text, edits);
}

/**
 * Runs of spaces inside a line become one, and a space before , . ; : ! ? ) is dropped. Spaces
 * that start a line (indentation) and tabs (often aligning columns) are left alone.
 */
export function fixSpacing(text: string): string {
  return text
    .replace(/(?<=\S) {2,}(?=\S)/g, ' ')
    .replace(/(?<=[\p{L}\p{N})"'’”]) +([,;])(?=\p{L})/gu, '$1 ')
    .replace(/(?<=[\p{L}\p{N})"'’”]) +([,.;:!?])(?=\s|$|["'’”)\]])/gu, '$1')
    .replace(/(?<=\S) +\)/g, ')')
    .replace(/\( +(?=\S)/g, '(');
}

// A run of non-space characters; its word is what remains once the quotes, brackets and
// punctuation around it are stripped.
const CHUNK = /\S+/g;
const LEADING = new Set('("\'“‘[');
const TRAILING = new Set('.,;:!?"\'”’)]');

/**
 * The chunk's opening quotes and brackets, and its word. A loop rather than a regex: a lazy middle
 * before a trailing class backtracks quadratically over a long run of punctuation.
 */
function splitChunk(chunk: string): { lead: string; word: string } {
  let start = 0;
  while (start < chunk.length && LEADING.has(chunk[start]!)) start++;
  let end = chunk.length;
  while (end > start && TRAILING.has(chunk[end - 1]!)) end--;
  return { lead: chunk.slice(0, start), word: chunk.slice(start, end) };
}

function spellingEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  const budget = new SpellingBudget();
  for (const chunk of text.matchAll(CHUNK)) {
    const { lead, word } = splitChunk(chunk[0]);
    // Anything with digits, @, slashes, dots or apostrophes inside (numbers, addresses, file
    // names, "e.g.", contractions) is not a plain word and is never respelled.
    if (!/^\p{L}+(?:-\p{L}+)*$/u.test(word)) continue;
    const start = chunk.index + lead.length;
    const sentenceStart = startsSentence(text, start);
    let offset = start;
    for (const part of word.split('-')) {
      const fixed = correctWord(part, { sentenceStart: sentenceStart && offset === start }, budget);
      if (fixed !== undefined) edits.push({ start: offset, end: offset + part.length, replacement: fixed });
      offset += part.length + 1;
    }
  }
  return edits;
}

/** "is is" -> "is", keeping the first of the two as it was typed ("The the" -> "The"). */
function repeatedWordEdits(text: string): Edit[] {
  return runCheck('repeatedWords', text).flatMap((f) => {
    const span = text.slice(f.start, f.end);
    if (span.includes('\n')) return [];
    const first = /^\S+/.exec(span)?.[0];
    return first ? [{ start: f.start, end: f.end, replacement: first }] : [];
  });
}

// Words that end in a full stop without ending a sentence: "e.g. the", "No. of", "Mr. smith".
const ABBREVIATIONS = new Set(
  'approx art cf co corp dept dr eg etc fig ie inc incl jr ltd mr mrs ms no nos p para pp prof sec sr st vol vs'.split(' '),
);
// The token before the mark is read up to 64 characters back, enough for any abbreviation: an
// unbounded run, tried from every letter of a long word, made the search quadratic.
const SENTENCE_END = /([\p{L}\p{N}.]{0,64})([.!?])["'”’)\]]*\s+(["'“‘([]*)(\p{Ll}[\p{Ll}'’-]*)(?=[\s,.;:!?)"'”’]|$)/gu;

/**
 * Capitals for the pronoun I, for words that start a sentence after . ! or ?, and for the first
 * word when the text is whole sentences (it ends with . ! or ?). A selection that ends
 * mid-sentence may also start mid-sentence, so its first word keeps its case.
 */
function capitalEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  const first = /^(["'“‘([]*)(\p{Ll}[\p{Ll}'’-]*)(?=[\s,.;:!?)"'”’]|$)/u.exec(text);
  if (first?.[2] && /[.!?]["'”’)\]]*$/u.test(text)) {
    edits.push({ start: first[1]!.length, end: first[1]!.length + first[2].length, replacement: capitalise(first[2]) });
  }
  // The pronoun: "i think", "i'm". A lone "i" in brackets is a list number and is not matched.
  for (const m of text.matchAll(/(?<=^|\s)i(?=\s+\p{L}|['’](?:m|ve|d|ll)\b)/gu)) {
    edits.push({ start: m.index, end: m.index + 1, replacement: 'I' });
  }
  for (const m of text.matchAll(SENTENCE_END)) {
    const [whole, previous = '', mark, , word = ''] = m;
    if (mark === '.' && isAbbreviation(previous)) continue;
    const start = m.index + whole.length - word.length;
    edits.push({ start, end: start + word.length, replacement: capitalise(word) });
  }
  return edits;
}

/** `token` is what precedes the full stop: "J" (an initial), "e.g", "U.S", "a.m", "etc". */
function isAbbreviation(token: string): boolean {
  if (/^\p{L}$/u.test(token)) return true;
  if (/^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u.test(token)) return true;
  return ABBREVIATIONS.has(token.toLowerCase());
}
