import dictionary from 'dictionary-en';
import nspell from 'nspell';
import { COMMON_WORDS } from './common-words';
import { BRITISH_TO_AMERICAN, PERSONAL_WORDS } from './word-lists';

type Speller = ReturnType<typeof nspell>;

let speller: Speller | undefined;
let loadMs = 0;

/**
 * The Hunspell checker, built on first use: expanding the 50,000 stems of dictionary-en with
 * their affix rules takes a few hundred milliseconds, which a server that never proofreads
 * should not pay at boot.
 */
export function getSpeller(): Speller {
  if (!speller) {
    const started = performance.now();
    const { aff, dic } = dictionary;
    speller = nspell({ aff: asBuffer(aff), dic: asBuffer(dic) });
    speller.personal(PERSONAL_WORDS.join('\n'));
    loadMs = performance.now() - started;
  }
  return speller;
}

/** How long building the checker took, or 0 before first use. */
export function spellerLoadMs(): number {
  return loadMs;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export interface WordContext {
  /** The word begins a sentence, so a capital tells us nothing about whether it is a name. */
  readonly sentenceStart: boolean;
}

/**
 * The correction of one word, or undefined when the word is fine or the fix is not certain.
 * Certain means: one keystroke away (a letter missing, extra, wrong or two letters swapped), the
 * first letter kept (people rarely mistype it), and one candidate left after preferring the most
 * common words and then swapped letters. Ambiguous typos ("wich": which or with?) stay as typed,
 * because a wrong "correction" in a contract is worse than a visible typo.
 */
export function correctWord(word: string, context: WordContext, budget: SpellingBudget = new SpellingBudget()): string | undefined {
  // Checked before the cache, so that a hostile "word" is neither searched nor kept as a key.
  if (!isPlausibleWord(word)) return undefined;
  const key = `${context.sentenceStart ? '^' : ''}${word}`;
  if (cache.has(key)) return cache.get(key);
  const fixed = findCorrection(word, context, budget);
  if (fixed === OVER_BUDGET) return undefined;
  // Bounded, and cleared whole when full: simpler than LRU, and a typo repeats within one text.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, fixed);
  return fixed;
}

/**
 * How many candidate searches one request may still make. A search costs about a millisecond for
 * a 30-letter word; a selection (20,000 characters) can hold 5,000 distinct made-up words, and a
 * text with more than a thousand unknown words is not one a proofreader can help with anyway, so
 * past the budget the remaining words stay as typed.
 */
export class SpellingBudget {
  constructor(public searches = MAX_SEARCHES_PER_REQUEST) {}
}

export const MAX_SEARCHES_PER_REQUEST = 1_000;
const OVER_BUDGET = Symbol('over budget');

/**
 * Longer than any word a dictionary corrects to ("antidisestablishmentarianism" has 28 letters).
 * The one-edit search makes about 54 candidates per letter, each as long as the word, so its
 * work grows with the square of the length: a 2,000-letter "word" took 2 s and 235 MB.
 */
export const MAX_WORD_LETTERS = 30;

/** Whether `word` is worth a correction search: three letters or more, and not implausibly long. */
function isPlausibleWord(word: string): boolean {
  return word.length <= MAX_WORD_LETTERS && /^\p{L}{3,}$/u.test(word);
}

const CACHE_LIMIT = 10_000;
const cache = new Map<string, string | undefined>();

function findCorrection(word: string, context: WordContext, budget: SpellingBudget): string | undefined | typeof OVER_BUDGET {
  const lower = word.toLowerCase();
  const titleCase = word === word.charAt(0).toUpperCase() + lower.slice(1) && word !== lower;
  // ALL CAPS and iPhone-style words are acronyms and brands; mid-sentence capitals are names.
  if (word !== lower && !titleCase) return undefined;
  if (titleCase && !context.sentenceStart) return undefined;
  const checker = getSpeller();
  if (checker.correct(word) || checker.correct(lower) || isBritishSpelling(lower)) return undefined;
  if (budget.searches <= 0) return OVER_BUDGET;
  budget.searches--;

  let candidates = oneEditAway(lower).filter((c) => checker.correct(c.word));
  // A capitalised word at the start of a sentence may still be a name ("Smyth"): only fix it into
  // a common word or by swapping two letters, never into a different name ("Smith").
  if (titleCase) candidates = candidates.filter((c) => c.swap || COMMON_WORDS.has(c.word));
  const chosen = choose(candidates, lower);
  return chosen === undefined ? undefined : titleCase ? chosen.charAt(0).toUpperCase() + chosen.slice(1) : chosen;
}

interface Candidate {
  readonly word: string;
  /** Made by swapping two adjacent letters: the right keys in the wrong order. */
  readonly swap: boolean;
}

function choose(candidates: readonly Candidate[], lower: string): string | undefined {
  if (candidates.length === 1) return candidates[0]!.word;
  const common = candidates.filter((c) => COMMON_WORDS.has(c.word));
  if (common.length === 1) return common[0]!.word;
  const commonSwaps = common.filter((c) => c.swap);
  if (commonSwaps.length === 1) return commonSwaps[0]!.word;
  // A swap is likely but not certain ("persue" is pursue, not peruse): take it only when
  // Hunspell's own ranking puts the same word first.
  const swaps = candidates.filter((c) => c.swap);
  if (swaps.length === 1 && getSpeller().suggest(lower)[0]?.toLowerCase() === swaps[0]!.word) return swaps[0]!.word;
  return undefined;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every string one edit from `word` that keeps its first letter (a swap of the first two may move it). */
function oneEditAway(word: string): Candidate[] {
  const seen = new Map<string, boolean>();
  const add = (candidate: string, swap: boolean) => {
    if (candidate === word || seen.has(candidate)) return;
    if (candidate.charAt(0) !== word.charAt(0) && !swap) return;
    seen.set(candidate, swap);
  };
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) add(head + tail.slice(1), false);
    if (tail.length > 1 && tail[0] !== tail[1]) add(head + tail[1] + tail[0] + tail.slice(2), true);
    for (const letter of LETTERS) {
      if (tail) add(head + letter + tail.slice(1), false);
      add(head + letter + tail, false);
    }
  }
  return [...seen].map(([w, swap]) => ({ word: w, swap }));
}

function isBritishSpelling(lower: string): boolean {
  const checker = getSpeller();
  let all = lower;
  for (const [pattern, american] of BRITISH_TO_AMERICAN) {
    const one = lower.replace(pattern, american);
    if (one !== lower && checker.correct(one)) return true;
    all = all.replace(pattern, american);
  }
  return all !== lower && checker.correct(all);
}
