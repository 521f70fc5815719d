import { describe, expect, it } from 'vitest';
import { ANSWER_NOTE, answer, NOTHING_FOUND, SUMMARY_NOTE } from './answer';

const CONTRACT = [
  'SERVICES AGREEMENT',
  '1. Services. The Supplier shall provide the cleaning services described in Schedule 1 (the "Services") at the Customer\'s offices.',
  '2. Fees. The Customer shall pay the Supplier a monthly fee of £2,000. Invoices are payable within 30 days of receipt.',
  '3. Term. This Agreement starts on 1 March 2025 and continues for 12 months.',
  "4. Termination. Either party may terminate this Agreement by giving 60 days' written notice to the other party.",
  "5. Liability. The Supplier's total liability under this Agreement shall not exceed the fees paid in the previous 12 months.",
].join('\n');

describe('answer', () => {
  it('quotes the sentence that answers the question, then says what the offline engine is', () => {
    expect(answer('How much does the Customer have to pay?', CONTRACT)).toBe(
      `"The Customer shall pay the Supplier a monthly fee of £2,000."\n${ANSWER_NOTE}`,
    );
    expect(answer('How can the agreement be terminated?', CONTRACT)).toBe(
      `"Either party may terminate this Agreement by giving 60 days' written notice to the other party."\n${ANSWER_NOTE}`,
    );
    expect(answer('When are invoices due?', CONTRACT)).toBe(`"Invoices are payable within 30 days of receipt."\n${ANSWER_NOTE}`);
  });

  it('says honestly when nothing in the document matches', () => {
    expect(answer('What is the capital of France?', CONTRACT)).toBe(NOTHING_FOUND);
    expect(answer('Who pays?', '')).toBe(NOTHING_FOUND);
    expect(NOTHING_FOUND).toContain('AI_PROVIDER');
  });

  it('answers a request for a summary with the central sentences', () => {
    expect(answer('Can you summarise this document?', CONTRACT)).toBe(
      [
        '"The Customer shall pay the Supplier a monthly fee of £2,000."',
        '"The Supplier\'s total liability under this Agreement shall not exceed the fees paid in the previous 12 months."',
        SUMMARY_NOTE,
      ].join('\n'),
    );
  });
});
