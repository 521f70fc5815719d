import type { Finding, Review } from '@common/schemas/review';

export type FindingGroup = { rule: string; label: string; findings: Finding[] };

/** The findings by rule, each group and the findings in it in document order. */
export function groupByRule(findings: readonly Finding[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  for (const finding of [...findings].sort(byPosition)) {
    const group = groups.get(finding.rule) ?? { rule: finding.rule, label: finding.ruleLabel, findings: [] };
    group.findings.push(finding);
    groups.set(finding.rule, group);
  }
  return [...groups.values()];
}

function byPosition(a: Finding, b: Finding) {
  return a.paragraph.number - b.paragraph.number || a.offset - b.offset;
}

/** Open findings that say what to write instead. */
export const canApply = (finding: Finding) => finding.status === 'open' && finding.replacement !== null;

/**
 * The order 'Apply all' works in: from the end of the document backwards, so that a change never
 * moves text that a finding still to be applied points at (offsets count from the paragraph's start).
 */
export function applyOrder(findings: readonly Finding[]): Finding[] {
  return findings.filter(canApply).sort((a, b) => byPosition(b, a));
}

/** 'Reviewed N of M paragraphs': always shown, a partial review most of all. */
export const coverageLine = ({ coverage }: Review) => `Reviewed ${coverage.reviewed} of ${coverage.total} paragraphs`;

/** Why a review read fewer paragraphs than the document has; null when it read them all. */
export function partialReason(review: Review): string | null {
  const missed = review.coverage.total - review.coverage.reviewed;
  if (missed <= 0) return null;
  const count = missed === 1 ? '1 paragraph was' : `${missed} paragraphs were`;
  if (review.status === 'cancelled') return `${count} not reviewed: the review was cancelled.`;
  if (review.status === 'running') return `${count} not reviewed yet: the review is still running.`;
  if (review.status === 'failed') return `${count} not reviewed: the review failed.`;
  return `${count} not reviewed.`;
}

export function droppedLine(dropped: number): string | null {
  if (dropped <= 0) return null;
  return dropped === 1
    ? '1 model finding was dropped: its quote is not in the document'
    : `${dropped} model findings were dropped: their quotes are not in the document`;
}

/**
 * The comment on a finding's tracked change: its reason, after the rule's name unless the reason
 * starts with a name of its own ('House style: "shall" → "must"'). A free-text rule's label is the
 * whole rule, too long to lead a comment: it is called a style rule.
 */
export function changeReason({ rule, ruleLabel, reason }: Finding): string {
  if (/^[\p{L} ]{1,30}: /u.test(reason)) return reason;
  return `${rule.startsWith('custom:') ? 'Style rule' : ruleLabel}: ${reason}`;
}
