import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type StyleRules, StyleRulesSchema } from '@common/schemas/review';

/**
 * The schema's own messages for its text fields; plain words for the numbers, where zod would
 * say 'Too small: expected number to be >=10' (or 'received NaN' for an empty box).
 */
const numberMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'Enter a number';
  if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Enter a whole number';
  if (issue.code === 'too_small' && issue.origin === 'number') return `At least ${String(issue.minimum)}`;
  if (issue.code === 'too_big' && issue.origin === 'number') return `At most ${String(issue.maximum)}`;
  return undefined;
};

/** The form always holds every field, so the resolver is narrowed to the schema's output once, here. */
export const styleRulesResolver = zodResolver(StyleRulesSchema, { error: numberMessages }) as Resolver<StyleRules, unknown, StyleRules>;

export const SPELLING_LABELS: Record<StyleRules['spelling'], string> = {
  auto: "Whichever the document mostly uses",
  us: 'US (color, organize)',
  uk: 'UK (colour, organise)',
};

export const SERIAL_COMMA_LABELS: Record<StyleRules['serialComma'], string> = {
  any: 'Either way (not checked)',
  on: 'Always: red, white, and blue',
  off: 'Never: red, white and blue',
};

/** A new free-text rule's id: the first of rule-1, rule-2, ... not taken. Findings name their rule by it. */
export function nextRuleId(rules: ReadonlyArray<{ id: string }>): string {
  const taken = new Set(rules.map((rule) => rule.id));
  let n = 1;
  while (taken.has(`rule-${n}`)) n++;
  return `rule-${n}`;
}
