/**
 * A long contract (a heading and six paragraphs per clause, about two clauses a page) with one
 * marker word in its first paragraph and one in its last, so a test can edit near each end and
 * know exactly which two paragraphs should change.
 */
import { buildTemplateDocx } from '../../../server/templates/docx-builder';

export const LONG_CONTRACT_MARKERS = { first: 'Aldgate', last: 'Zennor' } as const;

export function longContractDocx(clauses: number): Uint8Array {
  const sections = Array.from({ length: clauses }, (_, i) => ({
    heading: `Clause ${i + 1}: Obligations of the parties`,
    guidance: Array.from({ length: 6 }, (_, j) => {
      const marker =
        i === 0 && j === 0 ? ` The first delivery goes to ${LONG_CONTRACT_MARKERS.first} depot.` : i === clauses - 1 && j === 5 ? ` The last delivery goes to ${LONG_CONTRACT_MARKERS.last} depot.` : '';
      return (
        `Paragraph ${j + 1} of clause ${i + 1}. The Supplier shall deliver the Services with reasonable skill and care, ` +
        `in accordance with good industry practice, and shall notify the Customer in writing within ten (10) business days ` +
        `of becoming aware of any matter that may delay performance.${marker}`
      );
    }),
  }));
  return buildTemplateDocx({ title: 'Master Services Agreement', subtitle: 'A long contract', description: 'test', sections });
}
