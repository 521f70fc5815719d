import type { StyleRules } from '@common/schemas/review';
import { wordsOf } from '../../adapters/ai/offline/sentences';
import type { ReviewDocument, Rule, RuleFinding } from '../types';

/** The house-style rules a person sets: 'words-to-avoid' and 'serial-comma'. */

// ---- words-to-avoid ------------------------------------------------------------------------

type Avoid = StyleRules['wordsToAvoid'][number];

const normal = (phrase: string) => phrase.toLowerCase().replace(/\s+/g, ' ');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern for the whole list (200 words would otherwise be 200 scans of every paragraph):
 * whole words, any case, any run of spaces inside a phrase, longest first so "in order to" wins
 * over "order".
 */
function avoidPattern(entries: readonly Avoid[]): RegExp {
  const alternatives = [...new Set(entries.map((e) => normal(e.word.trim())))]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((w) => w.split(' ').map(escape).join('\\s+'));
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
}

/** `replacement` in the case of `original`: ALL CAPS, a capital first letter, or as written. */
function matchCase(replacement: string, original: string): string {
  const letters = original.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return replacement.toUpperCase();
  const first = original.charAt(0);
  if (first !== first.toLowerCase()) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

export const wordsToAvoid: Rule = (doc: ReviewDocument, style: StyleRules): RuleFinding[] => {
  const entries = style.wordsToAvoid.filter((e) => e.word.trim());
  if (entries.length === 0) return [];
  const byWord = new Map<string, Avoid>();
  for (const e of entries) if (!byWord.has(normal(e.word.trim()))) byWord.set(normal(e.word.trim()), e);
  const pattern = avoidPattern(entries);
  const findings: RuleFinding[] = [];
  for (const { index, text } of doc.paragraphs) {
    for (const m of text.matchAll(pattern)) {
      // Case folding can match what lower-casing does not ("ſ"); such a match has no entry.
      const entry = byWord.get(normal(m[0]));
      if (!entry) continue;
      const replacement = entry.replacement.trim();
      findings.push({
        rule: 'words-to-avoid',
        paragraph: index,
        offset: m.index,
        length: m[0].length,
        reason: replacement ? `House style: "${entry.word.trim()}" → "${replacement}"` : `House style: avoid "${entry.word.trim()}"`,
        ...(replacement ? { replacement: matchCase(replacement, m[0]) } : {}),
      });
    }
  }
  return findings;
};

// ---- serial-comma --------------------------------------------------------------------------

/*
 * A list is "A, B and C" (or "A, B, and C"): items of a few words, alike in how they begin, and
 * no verb among the middle ones. Without a part-of-speech tagger the likeness is what tells
 * "red, white and blue" from "Subject to clause 5, fees and costs are payable", where the
 * first "item" is an introductory phrase.
 */

const PREPOSITIONS = new Set(
  `about above across after against along among amongst around as at before behind below beneath beside besides between
  beyond by despite down during except for from in inside into like near of off on onto out outside over past per since
  through throughout till to toward towards under underneath unlike until up upon via with within without pursuant
  subject notwithstanding save`.split(/\s+/),
);
/** Words that open a clause or a sentence adverb, never a list item. */
const OPENERS = new Set(
  `if unless when whenever where wherever whereas whether while whilst although though because so yet however therefore
  thus hence accordingly furthermore moreover nevertheless nonetheless consequently otherwise additionally also further
  finally firstly secondly thirdly meanwhile alternatively likewise similarly instead indeed namely including provided
  which who whom whose that then once but either neither both such especially particularly excluding`.split(/\s+/),
);
const PRONOUNS = new Set(['i', 'it', 'he', 'she', 'we', 'they', 'you', 'there']);
/** A verb of this kind makes a "list item" a clause ("the Customer may terminate"). */
const AUXILIARIES = new Set('shall will may must can could would should might is are was were be been being has have had does do did'.split(' '));

type Kind = 'preposition' | 'ing' | 'ly' | 'other';

function kindOf(word: string): Kind | 'opener' {
  const w = word.toLowerCase();
  if (OPENERS.has(w)) return 'opener';
  if (PREPOSITIONS.has(w)) return 'preposition';
  if (/^\p{L}{3,}ing$/u.test(w)) return 'ing';
  if (/^\p{L}{3,}ly$/u.test(w)) return 'ly';
  return 'other';
}

const MAX_ITEM_WORDS = 4;
// Anything else (a full stop, a semicolon, a bracket) ends the stretch a list can be in.
const ITEM = /^[\p{L}\p{N}\s'’"“”‘\-&/£$€%]+$/u;

/** How an item begins, when it can be a middle item of a list; undefined when it cannot. */
function middleItemKind(item: string): Kind | undefined {
  if (!ITEM.test(item)) return undefined;
  const words = wordsOf(item);
  if (words.length === 0 || words.length > MAX_ITEM_WORDS) return undefined;
  if (words.some((w) => AUXILIARIES.has(w.toLowerCase()))) return undefined;
  const kind = kindOf(words[0]!);
  return kind === 'opener' ? undefined : kind;
}

/**
 * Whether `first` (the text before the list's first comma) can end with a first item of `kind`.
 * Where the item starts is unknown, so it is read from after the last verb of the clause
 * ("The flag is | red") and judged by how it begins, or for adverbs and -ing words how it ends.
 */
function firstItemFits(first: string, kind: Kind): boolean {
  const words = wordsOf(first);
  let verb = -1;
  words.forEach((w, i) => {
    if (AUXILIARIES.has(w.toLowerCase())) verb = i;
  });
  const item = words.slice(verb + 1);
  if (item.length === 0) return false;
  if (kind === 'other') return kindOf(item[0]!) === 'other';
  if (kind === 'preposition') return item.slice(-MAX_ITEM_WORDS).some((w) => PREPOSITIONS.has(w.toLowerCase()));
  return kindOf(item[item.length - 1]!) === kind;
}

const CONJUNCTION = /(?<=[\p{L}\p{N}'’"”)])(,?)([^\S\n]+)(and|or)(?=[^\S\n]+[\p{L}\p{N}'’"“‘£$€])/gu;
// How far back a list may start; bounds the work per conjunction.
const LOOK_BACK = 300;

interface ListEnd {
  /** Where the last middle item's last word starts: the passage runs from it to the conjunction's end. */
  readonly start: number;
  readonly lastWord: string;
}

/** The list ending at the conjunction `m`, or undefined when the words before it are not one. */
function listBefore(text: string, m: RegExpExecArray): ListEnd | undefined {
  const end = m.index;
  const windowStart = Math.max(0, end - LOOK_BACK);
  const before = text.slice(windowStart, end);
  const boundary = Math.max(...[...'.;:!?()[]\n\t'].map((c) => before.lastIndexOf(c)));
  const stretch = before.slice(boundary + 1);
  const parts = stretch.split(/,(?=\s)/);
  if (parts.length < 2) return undefined;
  const kind = middleItemKind(parts[parts.length - 1]!);
  if (!kind) return undefined;
  let first = parts.length - 1;
  while (first > 1 && middleItemKind(parts[first - 1]!) === kind) first--;
  const middles = parts.length - first;
  // One middle item ("A, B and C") needs the first item to fit too; two or more are a list already.
  if (middles === 1 && !firstItemFits(parts[first - 1]!, kind)) return undefined;
  const next = wordsOf(text.slice(m.index + m[0].length, m.index + m[0].length + 60))[0];
  if (!next) return undefined;
  const nextKind = kindOf(next);
  if (nextKind === 'opener' || PRONOUNS.has(next.toLowerCase())) return undefined;
  if (kind !== 'other' && nextKind !== kind) return undefined;
  const lastWord = /\S+$/.exec(text.slice(windowStart, end))?.[0];
  if (!lastWord) return undefined;
  return { start: end - lastWord.length, lastWord };
}

export const serialComma: Rule = (doc: ReviewDocument, style: StyleRules): RuleFinding[] => {
  if (style.serialComma === 'any') return [];
  const wantComma = style.serialComma === 'on';
  const findings: RuleFinding[] = [];
  for (const { index, text } of doc.paragraphs) {
    CONJUNCTION.lastIndex = 0;
    for (let m = CONJUNCTION.exec(text); m; m = CONJUNCTION.exec(text)) {
      const [whole, comma, space, conjunction] = m as unknown as [string, string, string, string];
      if ((comma === ',') === wantComma) continue;
      const list = listBefore(text, m);
      if (!list) continue;
      findings.push({
        rule: 'serial-comma',
        paragraph: index,
        offset: list.start,
        length: m.index + whole.length - list.start,
        reason: wantComma
          ? `House style uses the serial comma: add a comma before "${conjunction}" in this list.`
          : `House style omits the serial comma: remove the comma before "${conjunction}" in this list.`,
        replacement: `${list.lastWord}${wantComma ? ',' : ''}${space}${conjunction}`,
      });
    }
  }
  return findings;
};
