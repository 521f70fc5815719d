import { retext } from 'retext';
import retextEnglish from 'retext-english';
import retextPassive from 'retext-passive';
import { describeGrade, readability } from '../../adapters/ai/offline/readability';
import { type SentenceSpan, countTokens, splitSentences } from '../../adapters/ai/offline/sentences';
import type { ReviewDocument, ReviewParagraph, Rule, RuleFinding } from '../types';

/** The sentence rules: 'long-sentences', 'passive-voice' and 'reading-level'. */

// ---- sentences of a paragraph ----------------------------------------------------------------

// Legal references the English parser ends a sentence at when a number follows: "cl. 4",
// "No. 5", "Sch. 2", "art. 6(1)", "s. 172", "pp. 3-4".
const REFERENCE_END =
  /(?:^|[\s(])(?:cl|cls|cll|no|nos|para|paras|subpara|sch|schs|art|arts|s|ss|r|rr|reg|regs|p|pp|sec|secs|ch|pt|pts|fig|figs|vol|vols|approx|ref|cf|viz|seq|al|etc|e\.g|i\.e|v|vs)\.$/i;
const CONTINUES = /^[\p{Ll}\p{N}([]/u;

// Both long-sentences and reading-level split the same paragraphs; the split is kept per paragraph
// object, so it is done once per review and dropped with the document.
const split = new WeakMap<ReviewParagraph, SentenceSpan[]>();

function sentencesOf(paragraph: ReviewParagraph): SentenceSpan[] {
  let spans = split.get(paragraph);
  if (!spans) {
    spans = joinReferences(paragraph.text, splitSentences(paragraph.text));
    split.set(paragraph, spans);
  }
  return spans;
}

/** Puts back together the sentences the parser cut after "cl.", "No." and the like. */
function joinReferences(text: string, spans: readonly SentenceSpan[]): SentenceSpan[] {
  const joined: SentenceSpan[] = [];
  for (const span of spans) {
    const last = joined[joined.length - 1];
    if (last && REFERENCE_END.test(last.text) && CONTINUES.test(span.text)) {
      joined[joined.length - 1] = { text: text.slice(last.start, span.end), start: last.start, end: span.end };
    } else {
      joined.push(span);
    }
  }
  return joined;
}

// ---- long-sentences ------------------------------------------------------------------------

// Where a sentence certainly ends, whatever the parser makes of the rest: a line break, or . ? !
// after a lower-case word (not an abbreviation such as "etc.") or a number or bracket, before a
// capital. The parser ends sentences in these places and more, so a stretch between two of them
// is at least as long as any sentence in it: a cheap bound that spares splitting most paragraphs.
const MAYBE_END = /[.!?]["'’”)\]]*\s+(?=["'“‘(]*\p{Lu})|\n/gu;
const WORD_BEFORE = /(\p{L}+|[\d)])$/u;
const ABBREVIATIONS = new Set('approx etc incl viz seq ibid para paras subpara cf al vs'.split(' '));

/** The words of the longest stretch between certain sentence ends, and how many stretches there are. */
function stretches(text: string): { longest: number; count: number } {
  let longest = 0;
  let count = 0;
  let from = 0;
  const take = (to: number) => {
    const words = countTokens(text.slice(from, to));
    longest = Math.max(longest, words);
    if (words > 0) count++;
    from = to;
  };
  for (const m of text.matchAll(MAYBE_END)) {
    if (m[0] !== '\n') {
      const before = WORD_BEFORE.exec(text.slice(Math.max(0, m.index - 12), m.index))?.[1];
      if (!before || (/\p{L}/u.test(before) && (before !== before.toLowerCase() || before.length < 3 || ABBREVIATIONS.has(before)))) continue;
    }
    take(m.index + m[0].length);
  }
  take(text.length);
  return { longest, count };
}

export const longSentences: Rule = (doc: ReviewDocument, style): RuleFinding[] => {
  const max = style.maxSentenceWords;
  const findings: RuleFinding[] = [];
  for (const paragraph of doc.paragraphs) {
    if (countTokens(paragraph.text) <= max || stretches(paragraph.text).longest <= max) continue;
    for (const s of sentencesOf(paragraph)) {
      const words = countTokens(s.text);
      if (words <= max) continue;
      findings.push({
        rule: 'long-sentences',
        paragraph: paragraph.index,
        offset: s.start,
        length: s.end - s.start,
        reason: `This sentence has ${words} words; house style is at most ${max}.`,
      });
    }
  }
  return findings;
};

// ---- passive-voice -------------------------------------------------------------------------

// retext-passive knows the irregular participles ("paid", "given", "bound") and wants a form of
// "be" just before one. Parsing every paragraph with retext is too slow for 300 pages, so each
// word after a "be" is asked about on its own ("was paid") and the answer cached.
const passiveCheck = retext().use(retextEnglish).use(retextPassive).freeze();

// A form of "be", perhaps an adverb ("is not", "shall be promptly"), and the next word.
const BE_THEN_WORD =
  /(?<![\p{L}\p{N}'’-])(?:am|are|is|was|were|be|been|being)(?:[^\S\n]+(?:not|also|hereby|thereby|then|always|never|often|still|already|\p{L}{2,30}ly))?[^\S\n]+(\p{L}{2,40})(?![\p{L}\p{N}'’-])/giu;

/** After "be" these describe a state, not an action done to someone ("is fit for purpose", "is based in"). */
const NOT_PASSIVE = new Set(
  `fit been become come gone upset based located situated entitled interested concerned pleased
  satisfied supposed tired married related qualified experienced advanced detailed prepared
  determined committed dedicated aged`.split(/\s+/),
);
/** Regular participles ending in -eed; the other -eed words (exceed, indeed, speed) are not. */
const EED_PARTICIPLES = new Set(['agreed', 'disagreed', 'freed', 'decreed', 'guaranteed', 'refereed']);
// Not participles, though they end in -ed.
const NOT_ED_PARTICIPLES = new Set(['hundred', 'sacred', 'naked', 'wicked', 'kindred', 'hatred', 'rugged', 'ragged', 'beloved', 'crooked', 'jagged', 'embed', 'imbed']);

const participles = new Map<string, boolean>();

function isParticiple(lower: string): boolean {
  const cached = participles.get(lower);
  if (cached !== undefined) return cached;
  let yes: boolean;
  if (NOT_PASSIVE.has(lower) || NOT_ED_PARTICIPLES.has(lower) || lower.startsWith('un')) yes = false;
  else if (lower.endsWith('eed')) yes = EED_PARTICIPLES.has(lower);
  // The plugin's list has only irregular verbs; regular ones end in -ed ("delivered", "deemed").
  else if (/^[a-z]{3,}ed$/.test(lower)) yes = true;
  else yes = irregularParticiple(lower);
  // The words after a "be" in one document are a few thousand at most; this bounds a hostile one.
  if (participles.size >= 20_000) participles.clear();
  participles.set(lower, yes);
  return yes;
}

function irregularParticiple(lower: string): boolean {
  try {
    return passiveCheck.processSync(`was ${lower}`).messages.length > 0;
  } catch {
    return false;
  }
}

export const passiveVoice: Rule = (doc: ReviewDocument): RuleFinding[] => {
  const findings: RuleFinding[] = [];
  for (const { index, text } of doc.paragraphs) {
    BE_THEN_WORD.lastIndex = 0;
    for (let m = BE_THEN_WORD.exec(text); m; m = BE_THEN_WORD.exec(text)) {
      const word = m[1]!;
      if (isParticiple(word.toLowerCase())) {
        findings.push({
          rule: 'passive-voice',
          paragraph: index,
          offset: m.index,
          length: m[0].length,
          reason: `"${m[0]}" is in the passive voice; say who does it.`,
        });
        continue;
      }
      // "is being paid": the word read as a participle may itself be the next "be".
      BE_THEN_WORD.lastIndex = m.index + m[0].length - word.length;
    }
  }
  return findings;
};

// ---- reading-level -------------------------------------------------------------------------

/** Below this a paragraph is too short for a reading grade to mean much. */
const MIN_SENTENCES = 3;
const MIN_WORDS = 60;

export const readingLevel: Rule = (doc: ReviewDocument, style): RuleFinding[] => {
  const max = style.maxReadingGrade;
  const findings: RuleFinding[] = [];
  for (const paragraph of doc.paragraphs) {
    const { text } = paragraph;
    const words = countTokens(text);
    // At most one sentence per full stop, question or exclamation mark, or line.
    if (words < MIN_WORDS && (text.match(/[.!?\n]/g)?.length ?? 0) + 1 < MIN_SENTENCES) continue;
    if (gradeAtMost(text) <= max) continue;
    const sentences = sentencesOf(paragraph);
    if (words < MIN_WORDS && sentences.length < MIN_SENTENCES) continue;
    const { grade } = readability(sentences);
    if (grade <= max) continue;
    const start = text.search(/\S/);
    if (start < 0) continue;
    findings.push({
      rule: 'reading-level',
      paragraph: paragraph.index,
      offset: start,
      length: text.trimEnd().length - start,
      reason: `Reading grade ${grade} (Flesch-Kincaid) is above the house limit of ${max}: ${describeGrade(grade)}.`,
    });
  }
  return findings;
};

/**
 * The highest Flesch-Kincaid grade `text` can have, without splitting it into sentences: the
 * formula of readability.ts with the fewest sentences it can hold (the certain ends), so more
 * words per sentence than it really has. Most paragraphs are under the limit even so.
 */
function gradeAtMost(text: string): number {
  const whole = readability([{ text, start: 0, end: text.length }]);
  if (whole.words === 0) return 0;
  return 0.39 * (whole.words / Math.max(1, stretches(text).count)) + 11.8 * (whole.syllables / whole.words) - 15.59;
}
