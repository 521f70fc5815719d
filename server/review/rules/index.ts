/** Every built-in rule by its id (common/schemas/review.ts BUILT_IN_RULES): the one list the review runs. */
import type { BuiltInRule } from '@common/schemas/review';
import type { Rule } from '../types';
import { crossReferences } from './cross-references';
import { dateFormats } from './date-formats';
import { definedTerms } from './defined-terms';
import { serialComma, wordsToAvoid } from './house-style';
import { articles, quotesBrackets, repeatedWords, spacing } from './mechanics';
import { numbers } from './numbers';
import { longSentences, passiveVoice, readingLevel } from './sentences';
import { spellingVariants } from './spelling-variants';

export const RULES: Readonly<Record<BuiltInRule, Rule>> = {
  'defined-terms': definedTerms,
  numbers,
  'cross-references': crossReferences,
  'spelling-variants': spellingVariants,
  'repeated-words': repeatedWords,
  articles,
  spacing,
  'quotes-brackets': quotesBrackets,
  'long-sentences': longSentences,
  'passive-voice': passiveVoice,
  'reading-level': readingLevel,
  'date-formats': dateFormats,
  'words-to-avoid': wordsToAvoid,
  'serial-comma': serialComma,
};
