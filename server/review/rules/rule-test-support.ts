/**
 * Test support for the built-in rules' unit tests (*.unit.test.ts beside this file), and only for
 * them: builders of a ReviewDocument from plain strings, the ways those tests read findings back
 * (where, the quoted passage, the reason and the fix), and the clean control contract that the
 * mechanics, house-style and sentence rules must pass without a finding.
 */
import { expect } from 'vitest';
import { DEFAULT_STYLE_RULES } from '@common/schemas/review';
import type { ReviewDocument, ReviewParagraph, Rule, RuleFinding } from '../types';

const paragraph = (index: number, text: string, label: string | null): ReviewParagraph => ({
  index,
  part: 'body',
  partName: 'word/document.xml',
  paraId: null,
  text,
  label,
  style: null,
  heading: false,
  inTable: false,
});

/** A body of plain paragraphs, one a string, none in a numbered list. */
export const docOf = (...texts: string[]): ReviewDocument => ({
  paragraphs: texts.map((text, index) => paragraph(index, text, null)),
});

/** Paragraphs from [label, text] pairs: the label is the list number Word shows, or null. */
export const labelledDocOf = (...rows: [string | null, string][]): ReviewDocument => ({
  paragraphs: rows.map(([label, text], index) => paragraph(index, text, label)),
});

/** Where a finding is: its paragraph, its offset and the passage it quotes. */
export const where = (doc: ReviewDocument, f: RuleFinding) => ({
  paragraph: f.paragraph,
  offset: f.offset,
  quote: doc.paragraphs[f.paragraph]!.text.slice(f.offset, f.offset + f.length),
});

/**
 * What a reader sees of each finding: where, the passage, and its fix when it has one. `check`
 * runs on every finding first, for what a file asserts of all its rule's findings.
 */
export const seenWith =
  (check?: (f: RuleFinding) => void) =>
  (doc: ReviewDocument, findings: readonly RuleFinding[]) =>
    findings.map((f) => {
      check?.(f);
      return { ...where(doc, f), ...(f.replacement === undefined ? {} : { replacement: f.replacement }) };
    });

export const seen = seenWith();

/** The rule run with the default house style, each finding as the review shows it: where, the reason and the fix. */
export const reviewOf = (rule: Rule) => (doc: ReviewDocument) =>
  rule(doc, DEFAULT_STYLE_RULES).map((f) => ({ ...where(doc, f), reason: f.reason, replacement: f.replacement }));

/** Where `quote` is in `text`, and that it is there at all. */
export const at = (text: string, quote: string) => {
  expect(text).toContain(quote);
  return text.indexOf(quote);
};

/**
 * A clean control: realistic contract prose with brackets, curly quotes, apostrophes, articles
 * before vowel sounds, serial commas, introductory phrases, clauses joined by ", and", and active
 * sentences of 30 words or fewer. No mechanics, house-style or sentence rule should flag any of it.
 */
export const CLEAN_CONTRACT: readonly string[] = [
  '1. Services',
  'The Supplier will provide the Services to the Customer from the Start Date until the end of the Term. The Supplier will use reasonable skill and care, and it will follow good industry practice at all times.',
  'The Customer will pay each invoice within thirty (30) days of the date it receives the invoice. If the Customer disputes an invoice in good faith, it will tell the Supplier in writing within ten (10) Business Days and pay the undisputed part. Interest runs on late payments at 4% a year above the Bank of England’s base rate.',
  'Either party may end this Agreement by giving the other party at least ninety (90) days’ written notice. The parties’ rights under clauses 7, 9, and 12 survive the end of this Agreement.',
  'Each party will keep the other party’s Confidential Information secret. It will not disclose that information to any third party without the other party’s prior written consent, except to its employees, advisers, and insurers who need to know it.',
  'The Supplier will hold an ISO 27001 certificate for the whole Term. It will give the Customer an annual report, a one-off security review, and an hour of training for each new user. Training takes place at a university campus or an office that the Customer chooses.',
  'In this Agreement, “Business Day” means a day other than a Saturday, a Sunday, or a public holiday in England. A reference to a “party” includes that party’s successors and permitted assigns, and a reference to a statute (such as the Data Protection Act 2018) includes any change to it.',
  'Nothing in this Agreement limits either party’s liability for death or personal injury that its negligence causes, or for fraud. Subject to that, the total liability of each party in each Contract Year will not exceed the fees that the Customer paid in that year.',
  'The law of England and Wales governs this Agreement and any dispute arising from it. The courts of England have exclusive jurisdiction to settle any dispute, and the parties submit to that jurisdiction.',
  'The Supplier’s Chief Executive, Jane Smith, signed this Agreement on 4 March 2024 (see cl. 14 and Sch. 2 for her authority to sign).',
];
