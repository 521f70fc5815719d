import { retext } from 'retext';
import retextEnglish from 'retext-english';
import retextIndefiniteArticle from 'retext-indefinite-article';
import { startsSentence } from '../../adapters/ai/offline/sentences';
import type { ReviewDocument, Rule, RuleFinding } from '../types';

/**
 * The mechanical rules: 'repeated-words', 'articles', 'spacing' and 'quotes-brackets'. Each reads
 * one paragraph at a time with a linear scan; none looks across paragraphs.
 */

// ---- repeated-words ------------------------------------------------------------------------

// A word, then the same word again (any case) after spaces on the same line. 40 letters bounds
// the backtracking on a run of letters with no space in it.
const REPEAT = /(?<![\p{L}\p{N}'’-])(\p{L}{1,40})(?:[^\S\n]+\1)+(?![\p{L}\p{N}'’-])/giu;
/** Doubled on purpose: "he had had enough", "the fact that that clause survives". */
const VALID_REPEATS = new Set(['had', 'that']);

export const repeatedWords: Rule = (doc: ReviewDocument): RuleFinding[] => {
  const findings: RuleFinding[] = [];
  for (const { index, text } of doc.paragraphs) {
    for (const m of text.matchAll(REPEAT)) {
      const word = m[1]!;
      if (VALID_REPEATS.has(word.toLowerCase())) continue;
      findings.push({ rule: 'repeated-words', paragraph: index, offset: m.index, length: m[0].length, reason: `The word "${word}" is repeated.`, replacement: word });
    }
  }
  return findings;
};

// ---- articles ------------------------------------------------------------------------------

// retext-indefinite-article's word lists decide (an hour, a university, a one-off, an MBA), but
// parsing a 300-page document with retext takes seconds. So each article is checked on its own
// with the word after it, "a hour", which is all the plugin looks at, and the answers are cached.
const articleCheck = retext().use(retextEnglish).use(retextIndefiniteArticle).freeze();

// "a" or "an" as a word (not "(a)" or "e.g. a."), spaces, perhaps an opening quote or bracket,
// and the word after it.
const ARTICLE = /(?<![\p{L}\p{N}'’._-])(an|a)([^\S\n]+)([“”‘’'"([]?)([\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*)/giu;

const CACHE_LIMIT = 10_000;
const expectedArticles = new Map<string, string | null>();

/** The article the plugin wants before `next` instead of `article`, or null when `article` is right. */
function expectedArticle(article: string, next: string): string | null {
  const key = `${article} ${next}`;
  const cached = expectedArticles.get(key);
  if (cached !== undefined) return cached;
  const expected = askPlugin(key);
  if (expectedArticles.size >= CACHE_LIMIT) expectedArticles.clear();
  expectedArticles.set(key, expected);
  return expected;
}

function askPlugin(phrase: string): string | null {
  try {
    const file = articleCheck.processSync(phrase);
    const message = file.messages.find((m) => m.place && 'start' in m.place && m.place.start.offset === 0);
    return message?.expected?.[0] ?? null;
  } catch {
    // number-to-words throws on numbers past 2^53 ("a 99999999999999999999 day term").
    return null;
  }
}

export const articles: Rule = (doc: ReviewDocument): RuleFinding[] => {
  const findings: RuleFinding[] = [];
  for (const { index, text } of doc.paragraphs) {
    const shouting = text === text.toUpperCase();
    for (const m of text.matchAll(ARTICLE)) {
      const [whole, article, space, quote, word] = m as unknown as [string, string, string, string, string];
      // "Schedule A sets out" and "A and B agree": a letter, not an article.
      if (/^(?:and|or|nor)$/i.test(word)) continue;
      if (article === 'A' && !startsSentence(text, m.index)) continue;
      // The plugin judges capitalised words only by its lists (names, acronyms); defined terms
      // ("a Event of Default") are ordinary words in capitals, so they are judged in lower case.
      const titleCase = word.length > 1 && word.slice(1) === word.slice(1).toLowerCase() && /^\p{Lu}/u.test(word);
      const expected = expectedArticle(article, titleCase ? word.toLowerCase() : word);
      if (!expected) continue;
      const fixed = shouting ? expected.toUpperCase() : expected;
      findings.push({
        rule: 'articles',
        paragraph: index,
        offset: m.index,
        length: whole.length,
        reason: `Use "${fixed}" before "${word}".`,
        replacement: `${fixed}${space}${quote}${word}`,
      });
    }
  }
  return findings;
};

// ---- spacing -------------------------------------------------------------------------------

// Two or more spaces (no-break spaces too) between two visible characters: not indentation, not
// trailing space, and never a tab, which is layout.
const SPACES = /(?<=\S)[ \u00a0]{2,}(?=\S)/g;

export const spacing: Rule = (doc: ReviewDocument): RuleFinding[] => {
  const findings: RuleFinding[] = [];
  for (const { index, text } of doc.paragraphs) {
    for (const m of text.matchAll(SPACES)) {
      const count = m[0].length === 2 ? 'Two spaces' : `${m[0].length} spaces`;
      const where = /[.!?:]["'’”)\]]*$/.test(text.slice(Math.max(0, m.index - 4), m.index)) ? 'after a full stop' : 'between words';
      // A no-break space keeps its words together; the fix keeps that.
      const replacement = m[0].includes('\u00a0') ? '\u00a0' : ' ';
      findings.push({ rule: 'spacing', paragraph: index, offset: m.index, length: m[0].length, reason: `${count} ${where}; one is enough.`, replacement });
    }
  }
  return findings;
};

// ---- quotes-brackets -----------------------------------------------------------------------

interface Unbalanced {
  readonly offset: number;
  readonly reason: string;
}

const PAIRS: Readonly<Record<string, { open: string; close: string; what: string }>> = {
  '(': { open: '(', close: ')', what: 'bracket' },
  '[': { open: '[', close: ']', what: 'bracket' },
  '“': { open: '“', close: '”', what: 'quote' },
  '‘': { open: '‘', close: '’', what: 'quote' },
};
const OPENER_OF: Readonly<Record<string, string>> = { ')': '(', ']': '[', '”': '“', '’': '‘' };

const MARKS = /[()[\]“”‘’"]/g;
const LETTER = /\p{L}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// "either a) the Supplier or b) the Customer": a list label with only its closing bracket.
const LABEL_BEFORE = /(?:^|[\s([;:,])(?:[a-z]|[A-Z]|[ivxlc]{1,6}|[IVXLC]{1,6}|\d{1,3})$/;

/** Where the brackets and quotes of `text` do not pair up. */
function unbalanced(text: string): Unbalanced[] {
  const found: Unbalanced[] = [];
  const open: Record<string, number[]> = { '(': [], '[': [], '“': [], '‘': [] };
  const straight: number[] = [];
  for (const m of text.matchAll(MARKS)) {
    const c = m[0];
    const i = m.index;
    if (c in PAIRS) {
      open[c]!.push(i);
    } else if (c === '"') {
      straight.push(i);
    } else if (c in OPENER_OF) {
      const opener = OPENER_OF[c]!;
      const stack = open[opener]!;
      if (c === '’' && isApostrophe(text, i, stack.length > 0)) continue;
      if (stack.length > 0) {
        stack.pop();
        continue;
      }
      if (c === ')' && LABEL_BEFORE.test(text.slice(Math.max(0, i - 8), i))) continue;
      const { what } = PAIRS[opener]!;
      found.push({ offset: i, reason: `Closing ${what} ${c} has no opening ${opener} in this paragraph.` });
    }
  }
  for (const [opener, offsets] of Object.entries(open)) {
    const { what, close } = PAIRS[opener]!;
    for (const offset of offsets) found.push({ offset, reason: `Opening ${what} ${opener} is not closed with ${close} in this paragraph.` });
  }
  // Straight quotes open and close with the same mark, so only an odd count shows; the last
  // one is the one without a partner.
  if (straight.length % 2 === 1) found.push({ offset: straight[straight.length - 1]!, reason: 'This paragraph has an odd number of straight double quotes (").' });
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * Whether the ’ at `i` is an apostrophe rather than a closing quote: inside a word (don’t,
 * 1990’s), before a word or number (’tis, the ’90s), or after an s (the parties’ rights) unless
 * a ‘ is waiting for its close (‘the Services’).
 */
function isApostrophe(text: string, i: number, quoteOpen: boolean): boolean {
  const before = text.charAt(i - 1);
  const after = text.charAt(i + 1);
  if (LETTER.test(after) && LETTER_OR_DIGIT.test(before)) return true;
  if (LETTER_OR_DIGIT.test(after) && (i === 0 || /[\s(“[]/.test(before))) return true;
  return /[sS]/.test(before) && !quoteOpen;
}

export const quotesBrackets: Rule = (doc: ReviewDocument): RuleFinding[] => {
  const findings: RuleFinding[] = [];
  for (const { index, text } of doc.paragraphs) {
    for (const u of unbalanced(text)) findings.push({ rule: 'quotes-brackets', paragraph: index, offset: u.offset, length: 1, reason: u.reason });
  }
  return findings;
};
