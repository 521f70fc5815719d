import { describe, expect, it } from 'vitest';
import { changeReason } from './change-reason';

describe('changeReason', () => {
  it('names the action and quotes the words when only a few changed', () => {
    expect(changeReason({ action: 'proofread', selection: 'The Supplier shall recieve payment.', answer: 'The Supplier shall receive payment.' })).toBe(
      'Proofread: "recieve" → "receive"',
    );
  });

  it('names the action and says what it does when much changed', () => {
    const selection = 'Notwithstanding anything to the contrary herein, the Supplier shall remit all sums forthwith.';
    expect(changeReason({ action: 'simplify', selection, answer: 'The Supplier must pay everything at once, whatever else this agreement says.' })).toBe(
      'Simplify: rewritten in plainer words',
    );
  });

  it('quotes the question for an answer to a typed one, shortened when long', () => {
    expect(changeReason({ question: 'Write a confidentiality clause', selection: '', answer: 'Each party keeps the other party’s information secret.' })).toBe(
      'AI Assistant: answer to "Write a confidentiality clause"',
    );
    expect(changeReason({ question: `Rewrite this ${'very '.repeat(30)}long clause`, selection: 'a', answer: 'b' })).toBe(
      `AI Assistant: "a" → "b", asked "Rewrite this ${'very '.repeat(13)}ve…"`,
    );
  });
});
