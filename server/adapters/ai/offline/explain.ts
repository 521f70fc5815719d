import { describeGrade, readability } from './readability';
import { runCheck } from './retext-checks';
import { splitSentences, wordsOf } from './sentences';
import { LONG_SENTENCE_WORDS } from './split-sentences';

const SHOWN = 3;

/**
 * A short report on the text, one plain line per finding (the chat shows it as it is, so no
 * Markdown): reading level, length, long and hard sentences, passive voice and defined terms.
 */
export function explain(text: string): string {
  const sentences = splitSentences(text);
  if (sentences.length === 0) return 'There is no text to explain.';
  const stats = readability(sentences);
  const lines = [
    `Reading level: grade ${stats.grade} on the Flesch-Kincaid scale (reading ease ${stats.ease} of 100), ${describeGrade(stats.grade)}.`,
    `Length: ${plural(stats.sentences, 'sentence')}, ${plural(stats.words, 'word')}, ${round(stats.words / stats.sentences)} words per sentence on average.`,
  ];

  const long = sentences.map((s) => ({ s, words: wordsOf(s.text).length })).filter((x) => x.words > LONG_SENTENCE_WORDS);
  lines.push(
    long.length === 0
      ? `Long sentences: none over ${LONG_SENTENCE_WORDS} words.`
      : `Long sentences: ${long.length} over ${LONG_SENTENCE_WORDS} words, ${listed(long.map((x) => `${opening(x.s.text)} (${x.words} words)`))}.`,
  );

  const hard = runCheck('hardSentences', text).length;
  if (hard > 0) lines.push(`Hard to read: ${hard} of ${plural(stats.sentences, 'sentence')}, by at least 4 of 7 readability formulas.`);

  const passive = passiveConstructions(text);
  lines.push(
    passive.length === 0
      ? 'Passive voice: none found.'
      : `Passive voice: ${listed(passive.map(quote))}. Active voice says who does what.`,
  );

  const terms = definedTerms(text);
  lines.push(terms.length === 0 ? 'Defined terms: none found.' : `Defined terms: ${listed(terms.map(quote), Infinity)}.`);
  return lines.join('\n');
}

const MODAL = '(?:shall|will|must|may|should|can|could|would|might)';
const BE = '(?:am|are|is|was|were|be|been|being)';
const VERB_CHAIN = `(?:\\b${MODAL}\\s+(?:not\\s+)?)?(?:\\b(?:has|have|had)\\s+)?\\b${BE}\\s+`;
const CHAIN_BEFORE = new RegExp(`${VERB_CHAIN}$`, 'i');
// "-ed" words that are not participles.
const NOT_PARTICIPLES = new Set(['hundred', 'indeed', 'kindred', 'naked', 'need', 'sacred', 'seed', 'speed', 'wicked']);
const REGULAR_PASSIVE = new RegExp(`${VERB_CHAIN}(?:(?:not|\\w+ly)\\s+)?(\\w{2,}ed)\\b`, 'gi');

/**
 * Passive constructions in order: "is signed", "shall be delivered", "has been paid".
 * retext-passive knows the irregular participles ("made", "paid", "given"); a be-verb followed by
 * an -ed word covers the regular ones, which its list leaves out.
 */
export function passiveConstructions(text: string): string[] {
  const found: Array<{ at: number; phrase: string }> = [];
  for (const f of runCheck('passive', text)) {
    const chain = CHAIN_BEFORE.exec(text.slice(Math.max(0, f.start - 40), f.start))?.[0] ?? '';
    found.push({ at: f.start - chain.length, phrase: chain + text.slice(f.start, f.end) });
  }
  for (const m of text.matchAll(REGULAR_PASSIVE)) {
    if (!NOT_PARTICIPLES.has(m[1]!.toLowerCase())) found.push({ at: m.index, phrase: m[0] });
  }
  const phrases = found.sort((a, b) => a.at - b.at).map((f) => f.phrase.replace(/\s+/g, ' '));
  return [...new Set(phrases)];
}

const TITLE_WORD = "[A-Z][\\w&'’-]*";
const TERM = `${TITLE_WORD}(?:\\s+(?:of|and|the|for|to|in|${TITLE_WORD})){0,5}`;
// (the "Supplier"), (together, the "Parties"), (hereinafter referred to as "the Licensee")
const IN_BRACKETS = new RegExp(`\\([^()"“”]{0,40}?["“](?:the\\s+)?(${TERM})["”]\\s*\\)`, 'g');
// "Business Day" means ..., Confidential Information shall mean ...
const MEANS = new RegExp(`(?:^|[.;:]\\s+|\\n)["“]?(${TERM})["”]?\\s+(?:means|shall mean|has the meaning|is defined as)\\b`, 'g');

/**
 * Terms the text defines, in order of first appearance: a quoted capitalised term in brackets,
 * as in (the "Supplier"), or one followed by "means". A quoted word elsewhere is a quotation,
 * not a definition.
 */
export function definedTerms(text: string): string[] {
  const found: Array<{ at: number; term: string }> = [];
  for (const m of text.matchAll(IN_BRACKETS)) found.push({ at: m.index, term: m[1]! });
  for (const m of text.matchAll(MEANS)) found.push({ at: m.index, term: m[1]!.replace(/^(?:The|This|A|An)\s+/, '') });
  const terms = found.sort((a, b) => a.at - b.at).map((f) => f.term);
  return [...new Set(terms.filter((t) => /(?:^|\s)[A-Z][^\s]*$/.test(t)))];
}

function opening(sentence: string): string {
  const words = sentence.split(/\s+/);
  return words.length <= 8 ? quote(sentence) : `the one starting ${quote(`${words.slice(0, 6).join(' ')}...`)}`;
}

function listed(items: readonly string[], shown = SHOWN): string {
  const head = items.slice(0, shown);
  const more = items.length - head.length;
  const list = head.length <= 1 ? head.join('') : `${head.slice(0, -1).join(', ')} and ${head.at(-1)}`;
  return more > 0 ? `${head.join(', ')} and ${more} more` : list;
}

const quote = (s: string) => `"${s}"`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const round = (n: number) => Math.round(n * 10) / 10;
