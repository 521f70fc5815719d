/**
 * The review's work-pool task: read the document once, run every built-in rule the person has
 * not switched off, and hand back the findings with the paragraphs they point at. Pure CPU, so it
 * runs off the event loop with its own time budget (server/work/work-pool.ts).
 */
import type { BuiltInRule, StyleRules } from '@common/schemas/review';
import { readReviewDocument } from './document-model';
import { RULES } from './rules';
import type { PartKind, RuleFinding } from './types';

export type ReviewInput = { readonly bytes: Uint8Array; readonly style: StyleRules };

export type ReviewedParagraph = { readonly number: number; readonly paraId: string | null; readonly part: PartKind; readonly text: string };

export type OfflineReview = {
  readonly paragraphs: ReviewedParagraph[];
  /** Sorted by paragraph, then by position in it. */
  readonly findings: RuleFinding[];
  /** Rules that threw: their findings are missing, and the review says so. */
  readonly failedRules: BuiltInRule[];
  readonly ms: number;
};

export function reviewOffline({ bytes, style }: ReviewInput): OfflineReview {
  const started = performance.now();
  const doc = readReviewDocument(bytes);
  const findings: RuleFinding[] = [];
  const failedRules: BuiltInRule[] = [];
  const disabled = new Set(style.disabled);
  for (const [id, rule] of Object.entries(RULES) as Array<[BuiltInRule, (typeof RULES)[BuiltInRule]]>) {
    if (disabled.has(id)) continue;
    try {
      for (const f of rule(doc, style)) {
        // A rule's finding must point at real text; one that does not is a bug in the rule, not a finding.
        const text = doc.paragraphs[f.paragraph]?.text;
        if (text !== undefined && f.length > 0 && f.offset >= 0 && f.offset + f.length <= text.length) findings.push(f);
      }
    } catch {
      failedRules.push(id);
    }
  }
  findings.sort((a, b) => a.paragraph - b.paragraph || a.offset - b.offset);
  const paragraphs = doc.paragraphs.map((p) => ({ number: p.index + 1, paraId: p.paraId, part: p.part, text: p.text }));
  return { paragraphs, findings, failedRules, ms: performance.now() - started };
}
