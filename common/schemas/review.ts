import { z } from 'zod';

/**
 * The whole-document review (issue 16): a person's house style, and a review's findings.
 * Shared by the server (validation, storage) and the browser (the Review tab, the Style rules page).
 */

/** The checks that need no model (server/review/rules), each of which a person can switch off. */
export const BUILT_IN_RULES = [
  'defined-terms',
  'numbers',
  'cross-references',
  'spelling-variants',
  'repeated-words',
  'articles',
  'spacing',
  'quotes-brackets',
  'long-sentences',
  'passive-voice',
  'reading-level',
  'date-formats',
  'words-to-avoid',
  'serial-comma',
] as const;
export const BuiltInRuleSchema = z.enum(BUILT_IN_RULES);
export type BuiltInRule = z.infer<typeof BuiltInRuleSchema>;

/** What each built-in rule is called in the Review tab and on the Style rules page. */
export const BUILT_IN_RULE_LABELS: Readonly<Record<BuiltInRule, string>> = {
  'defined-terms': 'Defined terms',
  numbers: 'Numbers in words and digits',
  'cross-references': 'Cross-references',
  'spelling-variants': 'Spelling variant',
  'repeated-words': 'Repeated words',
  articles: 'A or an',
  spacing: 'Double spaces',
  'quotes-brackets': 'Quotes and brackets',
  'long-sentences': 'Long sentences',
  'passive-voice': 'Passive voice',
  'reading-level': 'Reading level',
  'date-formats': 'Date formats',
  'words-to-avoid': 'Words to avoid',
  'serial-comma': 'Serial comma',
};

export const MAX_FREE_TEXT_RULES = 50;
export const MAX_RULE_TEXT = 500;
export const MAX_WORDS_TO_AVOID = 200;

const word = z.string().trim().min(1, 'A word to avoid cannot be empty').max(80, 'A word to avoid is at most 80 characters');

/** One person's house style. Every field has a default, so `{}` is a valid (empty) style. */
export const StyleRulesSchema = z.strictObject({
  /** 'auto': whichever variant the document mostly uses; mixing is flagged either way. */
  spelling: z.enum(['auto', 'us', 'uk']).default('auto'),
  wordsToAvoid: z
    .array(z.strictObject({ word, replacement: z.string().trim().max(80, 'A replacement is at most 80 characters').default('') }))
    .max(MAX_WORDS_TO_AVOID, `At most ${MAX_WORDS_TO_AVOID} words to avoid`)
    .default([]),
  /** 'on': 'red, white, and blue'; 'off': 'red, white and blue'; 'any': not checked. */
  serialComma: z.enum(['any', 'on', 'off']).default('any'),
  maxSentenceWords: z.number().int().min(10).max(200).default(40),
  /** Flesch-Kincaid grade above which a paragraph is flagged as hard to read. */
  maxReadingGrade: z.number().int().min(4).max(30).default(18),
  /** Rules in plain words for a model ('Payment terms must not exceed 30 days'); skipped without one. */
  freeTextRules: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'A rule id is 1 to 40 lower-case letters, digits or hyphens'),
        text: z.string().trim().min(1, 'A rule cannot be empty').max(MAX_RULE_TEXT, `A rule is at most ${MAX_RULE_TEXT} characters`),
      }),
    )
    .max(MAX_FREE_TEXT_RULES, `At most ${MAX_FREE_TEXT_RULES} rules`)
    .default([]),
  /** Built-in rules switched off. */
  disabled: z.array(BuiltInRuleSchema).default([]),
});
export type StyleRules = z.infer<typeof StyleRulesSchema>;
export const DEFAULT_STYLE_RULES: StyleRules = StyleRulesSchema.parse({});

/** Where a finding is: the paragraph in reading order over every part, and the passage in its text. */
export const FindingSchema = z.object({
  /** Stable within its review. */
  id: z.string(),
  /** A built-in rule, or `custom:<free-text rule id>`. */
  rule: z.string(),
  /** The rule's label, or the free-text rule itself. */
  ruleLabel: z.string(),
  paragraph: z.object({
    /** 1-based, over all reviewed paragraphs (body, tables, headers, footers, footnotes, endnotes). */
    number: z.number().int(),
    /** w14:paraId, how the editor finds the paragraph; null when it has none. */
    paraId: z.string().nullable(),
    /** The part it is in: 'body', 'header', 'footer', 'footnotes' or 'endnotes'. */
    part: z.string(),
    /** The start of its text, for the list. */
    start: z.string(),
  }),
  /** The exact passage, as it occurs in the paragraph's text at `offset`. */
  quote: z.string(),
  offset: z.number().int(),
  reason: z.string(),
  replacement: z.string().nullable(),
  source: z.enum(['offline', 'model']),
  status: z.enum(['open', 'applied', 'dismissed']),
});
export type Finding = z.infer<typeof FindingSchema>;

export const ReviewSchema = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  /** The version it was made on; `stale` once the document has moved on. */
  version: z.number().int(),
  stale: z.boolean(),
  status: z.enum(['running', 'complete', 'failed', 'cancelled']),
  coverage: z.object({ reviewed: z.number().int(), total: z.number().int() }),
  findings: z.array(FindingSchema),
  /** Model findings whose quoted passage is not in the paragraph they cite: dropped, and counted. */
  dropped: z.number().int(),
  /** What went wrong, one sentence each (a model that failed for some paragraphs). */
  failures: z.array(z.string()),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** Progress of a running review, streamed to the tab (server-sent events, `event: progress`). */
export const ReviewProgressSchema = z.object({ done: z.number().int(), total: z.number().int(), stage: z.enum(['rules', 'model']) });
export type ReviewProgress = z.infer<typeof ReviewProgressSchema>;

export const FindingUpdateSchema = z.strictObject({ status: z.enum(['applied', 'dismissed']) });
