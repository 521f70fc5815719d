import britishDictionary from 'dictionary-en-gb';
import nspell from 'nspell';
import type { StyleRules } from '@common/schemas/review';
import { getSpeller } from '../../adapters/ai/offline/speller';
import { PERSONAL_WORDS } from '../../adapters/ai/offline/word-lists';
import type { ReviewDocument, Rule, RuleFinding } from '../types';

/**
 * 'spelling-variants': US and UK spellings mixed in one document. A word is a variant when one of
 * the two Hunspell dictionaries (dictionary-en, dictionary-en-gb) accepts it, the other does not,
 * and a respelling below turns it into a word the other accepts. Words one dictionary merely
 * lacks (names, "amongst", "kerb" without a counterpart rule) have no counterpart and are never
 * flagged: a finding without a fix would mostly be noise.
 */

type Side = 'us' | 'uk';
/**
 * -ise/-ize is counted apart from the rest in 'auto' mode: Oxford spelling (colour, organize) is
 * consistent UK usage, not a mix.
 */
type Axis = 'ize' | 'other';

interface Variant {
  readonly side: Side;
  /** The same word in the other variant, lower case. */
  readonly counterpart: string;
  readonly axis: Axis;
}

interface Respelling {
  readonly from: RegExp;
  readonly to: string;
  readonly ize?: true;
}

// Consonants before which British -re is American -er (centre, metre, fibre, manoeuvre).
const RE = '(?<=[bcdfgklmnpstv])';

const UK_TO_US: readonly Respelling[] = [
  { from: /is(?=[aeio])/g, to: 'iz', ize: true },
  { from: /ys(?=[aei])/g, to: 'yz' },
  { from: /our/g, to: 'or' },
  { from: /ou(?=l)/g, to: 'o' },
  { from: /ough$/g, to: 'ow' },
  { from: new RegExp(`${RE}re(?=s?$)`, 'g'), to: 'er' },
  { from: new RegExp(`${RE}red$`, 'g'), to: 'ered' },
  { from: new RegExp(`${RE}ring$`, 'g'), to: 'ering' },
  { from: /yre/g, to: 'ire' },
  { from: /ence/g, to: 'ense' },
  { from: /is(?=e)/g, to: 'ic' },
  { from: /ll/g, to: 'l' },
  { from: /(?<!l)l(?!l)/g, to: 'll' },
  { from: /ogue/g, to: 'og' },
  { from: /amme/g, to: 'am' },
  // Not at the end, where -ae and -oe are Latin plurals (novenae), not spellings.
  { from: /ae(?!$)/g, to: 'e' },
  { from: /oe(?!$)/g, to: 'e' },
  { from: /gement/g, to: 'gment' },
  { from: /que/g, to: 'ck' },
  { from: /ium$/g, to: 'um' },
  { from: /^sc/g, to: 'sk' },
  { from: /ey/g, to: 'ay' },
  { from: /eing$/g, to: 'ing' },
  { from: /eabl/g, to: 'abl' },
];

const US_TO_UK: readonly Respelling[] = [
  { from: /iz(?=[aeio])/g, to: 'is', ize: true },
  { from: /yz(?=[aei])/g, to: 'ys' },
  { from: /or/g, to: 'our' },
  { from: /o(?=l)/g, to: 'ou' },
  { from: /ow$/g, to: 'ough' },
  { from: new RegExp(`${RE}er(?=s?$)`, 'g'), to: 're' },
  { from: new RegExp(`${RE}ered$`, 'g'), to: 'red' },
  { from: new RegExp(`${RE}ering$`, 'g'), to: 'ring' },
  { from: /ense/g, to: 'ence' },
  { from: /(?<!l)l(?!l)/g, to: 'll' },
  { from: /ll/g, to: 'l' },
  { from: /og(?=s?$)/g, to: 'ogue' },
  { from: /og(?=ed$|ing$)/g, to: 'ogu' },
  { from: /am(?=s?$)/g, to: 'amme' },
  // After a consonant and two letters from the end: anemia, estrogen, maneuver; not snowshed.
  { from: /(?<![aeiou])e(?=..)/g, to: 'ae' },
  { from: /(?<![aeiou])e(?=..)/g, to: 'oe' },
  { from: /gment/g, to: 'gement' },
  { from: /ck/g, to: 'que' },
  { from: /um$/g, to: 'ium' },
  { from: /^sk/g, to: 'sc' },
  { from: /ay/g, to: 'ey' },
  { from: /(?<=g)ing$/g, to: 'eing' },
  { from: /(?<=[^e])abl/g, to: 'eabl' },
];

/** Pairs no respelling above makes (UK, US). */
const UK_US_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['jewellery', 'jewelry'],
  ['cosy', 'cozy'],
  ['pyjamas', 'pajamas'],
  ['storey', 'story'],
  ['storeys', 'stories'],
  ['enquiry', 'inquiry'],
  ['enquiries', 'inquiries'],
];
const US_OF = new Map(UK_US_PAIRS);
const UK_OF = new Map(UK_US_PAIRS.map(([uk, us]) => [us, uk]));

/**
 * Not variants: "judgment" is also the UK spelling for a court's decision, and Manila is a city
 * as well as the paper.
 */
const AMBIGUOUS = new Set(['judgement', 'judgements', 'judgment', 'judgments', 'manila', 'manilla']);

type Speller = ReturnType<typeof nspell>;
let british: Speller | undefined;

/** The en-GB checker, built on first use (a hundred milliseconds or so, once per process). */
function getBritishSpeller(): Speller {
  if (!british) {
    const { aff, dic } = britishDictionary;
    british = nspell({ aff: asBuffer(aff), dic: asBuffer(dic) });
    // The same contract Latin and product words the en-US checker knows, so neither side claims them.
    british.personal(PERSONAL_WORDS.join('\n'));
  }
  return british;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const CACHE_LIMIT = 50_000;
const variants = new Map<string, Variant | null>();

/** The variant `lower` is, or null when it is neither or both (or has no known counterpart). */
function classifySpelling(lower: string): Variant | null {
  const cached = variants.get(lower);
  if (cached !== undefined) return cached;
  const found = classify(lower);
  if (variants.size >= CACHE_LIMIT) variants.clear();
  variants.set(lower, found);
  return found;
}

function classify(lower: string): Variant | null {
  if (AMBIGUOUS.has(lower)) return null;
  const us = getSpeller();
  const uk = getBritishSpeller();
  const inUs = us.correct(lower);
  const inUk = uk.correct(lower);
  if (inUs === inUk) return null;
  const side: Side = inUs ? 'us' : 'uk';
  const target = inUs ? uk : us;
  const paired = (inUs ? UK_OF : US_OF).get(lower);
  if (paired) return { side, counterpart: paired, axis: 'other' };
  const found = respell(lower, inUs ? US_TO_UK : UK_TO_US, (w) => target.correct(w));
  return found ? { side, counterpart: found.word, axis: found.ize ? 'ize' : 'other' } : null;
}

/** The first respelling (one change, else two) that `accepts` takes. */
function respell(word: string, rules: readonly Respelling[], accepts: (w: string) => boolean): { word: string; ize: boolean } | undefined {
  const once = oneChange(word, rules);
  const direct = once.find((c) => accepts(c.word));
  if (direct) return direct;
  for (const first of once) {
    const twice = oneChange(first.word, rules).find((c) => c.word !== word && accepts(c.word));
    if (twice) return { word: twice.word, ize: first.ize || twice.ize };
  }
  return undefined;
}

function oneChange(word: string, rules: readonly Respelling[]): Array<{ word: string; ize: boolean }> {
  const out: Array<{ word: string; ize: boolean }> = [];
  for (const rule of rules) {
    for (const m of word.matchAll(rule.from)) {
      out.push({ word: word.slice(0, m.index) + rule.to + word.slice(m.index + m[0].length), ize: rule.ize === true });
    }
  }
  return out;
}

interface Use {
  readonly paragraph: number;
  readonly offset: number;
  readonly word: string;
  readonly variant: Variant;
}

const WORD = /\p{L}+/gu;
// Parts of addresses, not prose: "www.colour.com", "info@centre.org".
const ADDRESS = /@|:\/\/|^www\./i;

export const spellingVariants: Rule = (doc: ReviewDocument, style: StyleRules): RuleFinding[] => {
  const uses: Use[] = [];
  for (const paragraph of doc.paragraphs) {
    for (const m of paragraph.text.matchAll(WORD)) {
      const word = m[0];
      if (word.length < 3 || word.length > 30 || !/^[a-zA-Z]+$/.test(word)) continue;
      const lower = word.toLowerCase();
      // camelCase and brand names (iOS, McDonald) are not prose words.
      if (word !== lower && word !== word.toUpperCase() && word.slice(1) !== lower.slice(1)) continue;
      const variant = classifySpelling(lower);
      if (!variant || inAddress(paragraph.text, m.index, word.length)) continue;
      uses.push({ paragraph: paragraph.index, offset: m.index, word, variant });
    }
  }
  const preferred = preferredSides(uses, style.spelling);
  return uses
    .filter((u) => u.variant.side !== preferred[u.variant.axis])
    .map((u) => ({
      rule: 'spelling-variants',
      paragraph: u.paragraph,
      offset: u.offset,
      length: u.word.length,
      reason: reasonFor(u, style.spelling),
      replacement: matchCase(u.variant.counterpart, u.word),
    }));
};

/** The side each axis should use: the house style's, or in 'auto' the one used more (the first used on a tie). */
function preferredSides(uses: readonly Use[], spelling: StyleRules['spelling']): Record<Axis, Side | undefined> {
  if (spelling !== 'auto') return { ize: spelling, other: spelling };
  const count = { ize: { us: 0, uk: 0 }, other: { us: 0, uk: 0 } };
  const first: Record<Axis, Side | undefined> = { ize: undefined, other: undefined };
  for (const u of uses) {
    count[u.variant.axis][u.variant.side]++;
    first[u.variant.axis] ??= u.variant.side;
  }
  const pick = (axis: Axis): Side | undefined => {
    const { us, uk } = count[axis];
    return us === uk ? first[axis] : us > uk ? 'us' : 'uk';
  };
  return { ize: pick('ize'), other: pick('other') };
}

function reasonFor(u: Use, spelling: StyleRules['spelling']): string {
  const fixed = matchCase(u.variant.counterpart, u.word);
  if (spelling !== 'auto') {
    const [is, wanted] = spelling === 'us' ? ['UK', 'US'] : ['US', 'UK'];
    return `"${u.word}" is the ${is} spelling; house style is ${wanted} spelling ("${fixed}").`;
  }
  if (u.variant.axis === 'ize') {
    const [is, wanted] = u.variant.side === 'us' ? ['-ize', '-ise'] : ['-ise', '-ize'];
    return `"${u.word}" is the ${is} spelling; this document mostly uses ${wanted} ("${fixed}").`;
  }
  const [is, wanted] = u.variant.side === 'us' ? ['US', 'UK'] : ['UK', 'US'];
  return `"${u.word}" is the ${is} spelling; this document mostly uses ${wanted} spelling ("${fixed}").`;
}

function inAddress(text: string, offset: number, length: number): boolean {
  let start = offset;
  while (start > 0 && start > offset - 200 && !/\s/.test(text.charAt(start - 1))) start--;
  let end = offset + length;
  while (end < text.length && end < offset + length + 200 && !/\s/.test(text.charAt(end))) end++;
  return ADDRESS.test(text.slice(start, end));
}

/** `lower` in the case of `original`: ALL CAPS, Title case or lower case. */
function matchCase(lower: string, original: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return lower.toUpperCase();
  if (original.charAt(0) !== original.charAt(0).toLowerCase()) return lower.charAt(0).toUpperCase() + lower.slice(1);
  return lower;
}
