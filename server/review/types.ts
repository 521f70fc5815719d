/**
 * The document as the review reads it, and what a rule gives back (issue 16). Rules are pure
 * functions over this model: no XML, no I/O, so they run in the work pool and test on plain text.
 */
import type { BuiltInRule, StyleRules } from '@common/schemas/review';

export type PartKind = 'body' | 'header' | 'footer' | 'footnotes' | 'endnotes';

export interface ReviewParagraph {
  /** 0-based position over every reviewed paragraph, in reading order: body (tables row by row), then headers, footers, footnotes, endnotes. */
  readonly index: number;
  readonly part: PartKind;
  /** The package part name, e.g. 'word/header1.xml'. */
  readonly partName: string;
  readonly paraId: string | null;
  /** The visible text, as extractText reads it (tabs '\t', breaks '\n'; deleted text and field codes left out). */
  readonly text: string;
  /**
   * The list number Word shows before the paragraph, computed from numbering.xml (e.g. '14.2.',
   * '(a)', 'Schedule 2'); null when it is not in a numbered list.
   */
  readonly label: string | null;
  /** The paragraph style's id (w:pStyle), or null. */
  readonly style: string | null;
  /** A heading style (Heading1..9, Title) or an outline level. */
  readonly heading: boolean;
  readonly inTable: boolean;
}

export interface ReviewDocument {
  readonly paragraphs: readonly ReviewParagraph[];
}

/** One problem a rule found: a passage of one paragraph's text. */
export interface RuleFinding {
  readonly rule: BuiltInRule;
  /** ReviewParagraph.index */
  readonly paragraph: number;
  /** The passage: `text.slice(offset, offset + length)` of that paragraph. */
  readonly offset: number;
  readonly length: number;
  /** One sentence, e.g. 'Defined term "Supplier" is used but never defined.' */
  readonly reason: string;
  /** What the passage should become, when one replacement applies. */
  readonly replacement?: string;
}

export type Rule = (doc: ReviewDocument, style: StyleRules) => RuleFinding[];
