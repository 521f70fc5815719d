import { describe, expect, it } from 'vitest';
import type { Finding, Review } from '@common/schemas/review';
import { applyOrder, changeReason, coverageLine, groupByRule, partialReason } from './findings';

const finding = (id: string, rule: string, number: number, offset: number, replacement: string | null = 'x', status: Finding['status'] = 'open'): Finding => ({
  id,
  rule,
  ruleLabel: rule.toUpperCase(),
  paragraph: { number, paraId: `P${number}`, part: 'body', start: 'Start' },
  quote: 'q',
  offset,
  reason: 'Because.',
  replacement,
  source: 'offline',
  status,
});

const review = (reviewed: number, total: number, status: Review['status']): Review => ({
  id: 1,
  documentId: 9,
  version: 3,
  stale: false,
  status,
  coverage: { reviewed, total },
  findings: [],
  dropped: 0,
  failures: [],
  createdAt: '2025-03-01T10:00:00.000Z',
});

describe('groupByRule', () => {
  it('groups by rule in order of first appearance in the document, each group in document order', () => {
    const groups = groupByRule([finding('f1', 'numbers', 7, 0), finding('f2', 'spacing', 2, 5), finding('f3', 'numbers', 2, 9), finding('f4', 'spacing', 2, 1)]);
    expect(groups.map((g) => [g.label, g.findings.map((f) => f.id)])).toEqual([
      ['SPACING', ['f4', 'f2']],
      ['NUMBERS', ['f3', 'f1']],
    ]);
  });
});

describe('applyOrder', () => {
  it('takes the open findings with a replacement, from the end of the document backwards', () => {
    const order = applyOrder([
      finding('f1', 'r', 2, 4),
      finding('f2', 'r', 10, 0),
      finding('f3', 'r', 2, 30),
      finding('f4', 'r', 5, 0, null),
      finding('f5', 'r', 6, 0, 'y', 'dismissed'),
    ]);
    expect(order.map((f) => f.id)).toEqual(['f2', 'f3', 'f1']);
  });
});

describe('coverage', () => {
  it('always says how many paragraphs were read, and why not all when not', () => {
    expect(coverageLine(review(40, 40, 'complete'))).toBe('Reviewed 40 of 40 paragraphs');
    expect(partialReason(review(40, 40, 'complete'))).toBeNull();
    expect(partialReason(review(12, 40, 'cancelled'))).toBe('28 paragraphs were not reviewed: the review was cancelled.');
    expect(partialReason(review(39, 40, 'failed'))).toBe('1 paragraph was not reviewed: the review failed.');
  });
});

describe('changeReason', () => {
  const withReason = (fields: Partial<Finding>): Finding => ({
    id: 'f1',
    rule: 'repeated-words',
    ruleLabel: 'Repeated words',
    paragraph: { number: 1, paraId: '00000001', part: 'body', start: 'The the' },
    quote: 'the the',
    offset: 0,
    reason: 'The word "the" is repeated.',
    replacement: 'the',
    source: 'offline',
    status: 'open',
    ...fields,
  });

  it("puts the rule's name before the reason", () => {
    expect(changeReason(withReason({}))).toBe('Repeated words: The word "the" is repeated.');
  });

  it('keeps a reason that names its own check, and calls a free-text rule a style rule', () => {
    expect(changeReason(withReason({ rule: 'words-to-avoid', ruleLabel: 'Words to avoid', reason: 'House style: "shall" → "must"' }))).toBe('House style: "shall" → "must"');
    expect(changeReason(withReason({ rule: 'custom:payment', ruleLabel: 'Payment terms must not exceed 30 days', reason: '45 days is longer than 30.' }))).toBe(
      'Style rule: 45 days is longer than 30.',
    );
  });
});
