import type { Rule, RuleFinding } from '../types';

/**
 * Numbers written in words and in digits that disagree: 'thirty (31) days', '30 (thirty) days'.
 * Integers up to the hundreds of millions, case-insensitive, hyphenated or not, 'and' allowed
 * ('one hundred and twenty'), an optional percentage. When they disagree the words govern (the
 * usual rule of construction), so the replacement corrects the digits.
 */

const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Readonly<Record<string, number>> = { thousand: 1_000, million: 1_000_000 };

const VALUES = new Map<string, number>([...SMALL.map((w, i) => [w, i] as const), ...TENS.map((w, i) => [w, (i + 2) * 10] as const)]);
const WORD = `(?:${[...SMALL, ...TENS, 'hundred', 'thousand', 'million'].sort((a, b) => b.length - a.length).join('|')})\\b`;
const SP = '[ \\u00a0]';
const WORDS = `${WORD}(?:(?:${SP}+(?:and${SP}+)?|-)${WORD})*`;
const PERCENT = `(?:${SP}*%|${SP}+per${SP}?cent|${SP}+percent)`;
// Group-separated ('1,000,000') or plain digits; never part of a decimal or a longer number.
const DIGITS = '(\\d{1,3}(?:,\\d{3})+|\\d+)';

const UNIT = `(?:${PERCENT}|${SP}+(?:pounds(?:${SP}+sterling)?|dollars|euros))`;
const CURRENCY = `(?:[£$€]|(?:GBP|USD|EUR)${SP}*)`;
/** 'thirty (31)', 'five per cent (5%)', 'ten thousand pounds (£10,000)' */
const WORDS_FIRST = new RegExp(`\\b(${WORDS})${UNIT}?${SP}*\\(${SP}*${CURRENCY}?${DIGITS}${PERCENT}?${SP}*\\)`, 'gi');
/** '30 (thirty)', '5% (five per cent)', '£10,000 (ten thousand pounds)' */
const DIGITS_FIRST = new RegExp(`(?<![\\d.,])${DIGITS}${PERCENT}?${SP}*\\(${SP}*(${WORDS})${UNIT}?${SP}*\\)`, 'gi');

const TOKEN = /[a-z]+/gi;

/** The value of a run of number words, or null when it is not a well-formed number. */
export function wordsToNumber(words: readonly string[]): number | null {
  let total = 0;
  let group = 0;
  // What the last word was, within the current group of three digits.
  let last: 'start' | 'unit' | 'teen' | 'tens' | 'hundred' | 'and' = 'start';
  let lastScale = Infinity;
  let afterScale = false;
  for (const raw of words) {
    const w = raw.toLowerCase();
    const value = VALUES.get(w);
    if (w === 'and') {
      if (last !== 'hundred' && !(last === 'start' && afterScale)) return null;
      last = 'and';
    } else if (value !== undefined && value >= 20) {
      if (last !== 'start' && last !== 'hundred' && last !== 'and') return null;
      group += value;
      last = 'tens';
    } else if (value !== undefined) {
      const unitAfterTens = last === 'tens' && value >= 1 && value <= 9;
      if (last !== 'start' && last !== 'hundred' && last !== 'and' && !unitAfterTens) return null;
      if (value === 0 && (group > 0 || total > 0)) return null;
      group += value;
      last = value >= 10 || value === 0 ? 'teen' : 'unit';
    } else if (w === 'hundred') {
      if (last === 'start' && group === 0) group = 1;
      else if (last !== 'unit' || group > 9) return null;
      group *= 100;
      last = 'hundred';
    } else {
      const scale = SCALES[w];
      if (scale === undefined || scale >= lastScale || last === 'and') return null;
      total += (group === 0 && last === 'start' ? 1 : group) * scale;
      group = 0;
      lastScale = scale;
      last = 'start';
      afterScale = true;
      continue;
    }
    afterScale = false;
  }
  if (last === 'and') return null;
  return total + group;
}

const withGroups = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

interface Pair {
  readonly offset: number;
  readonly passage: string;
  readonly words: string;
  readonly value: number;
  readonly digits: string;
}

/** The longest tail of a run of words that reads as a number ('between one and five' → 'five'), with its offset in the run. */
function readWords(run: string): { offset: number; words: string; value: number } | null {
  const tokens = [...run.matchAll(TOKEN)];
  for (let i = 0; i < tokens.length; i++) {
    const value = wordsToNumber(tokens.slice(i).map((t) => t[0]));
    const start = tokens[i]!.index;
    if (value !== null) return { offset: start, words: run.slice(start), value };
  }
  return null;
}

function pairsIn(text: string): Pair[] {
  const pairs: Pair[] = [];
  for (const m of text.matchAll(WORDS_FIRST)) {
    const read = readWords(m[1]!);
    if (!read) continue;
    const passage = m[0].slice(read.offset);
    pairs.push({ offset: m.index + read.offset, passage, words: read.words, value: read.value, digits: m[2]! });
  }
  for (const m of text.matchAll(DIGITS_FIRST)) {
    const value = wordsToNumber([...m[2]!.matchAll(TOKEN)].map((t) => t[0]));
    if (value === null) continue;
    pairs.push({ offset: m.index, passage: m[0], words: m[2]!, value, digits: m[1]! });
  }
  return pairs;
}

export const numbers: Rule = (doc) => {
  const findings: RuleFinding[] = [];
  for (const p of doc.paragraphs) {
    if (!/\d/.test(p.text)) continue;
    for (const pair of pairsIn(p.text)) {
      const written = Number(pair.digits.replaceAll(',', ''));
      // A lone 'one' is as often the pronoun ('and one (118) is dioxin-like') as the number.
      if (written === pair.value || pair.words.toLowerCase() === 'one') continue;
      const corrected = pair.digits.includes(',') || pair.value >= 10_000 ? withGroups(pair.value) : String(pair.value);
      findings.push({
        rule: 'numbers',
        paragraph: p.index,
        offset: pair.offset,
        length: pair.passage.length,
        reason: `${pair.words} is ${withGroups(pair.value)}, not ${pair.digits}.`,
        replacement: pair.passage.replace(pair.digits, corrected),
      });
    }
  }
  return findings;
};
