import { type InspectFailureCode, inspectDocx } from './inspect';
import type { DocumentKind } from './package';
import { addParagraphIds } from './para-ids';
import { extractText } from './text';

export type ProcessFailureCode = InspectFailureCode | 'unreadable';

export type ProcessResult =
  | {
      readonly ok: true;
      /** Body paragraphs in reading order, joined by '\n' (extractText). */
      readonly text: string;
      readonly wordCount: number;
      /** The .docx to edit: the upload with paragraph ids added, nothing else changed (the upload itself if it needed none). */
      readonly editable: Uint8Array;
      /**
       * The bytes to keep as the version: the input with dropped content removed (see
       * docs/decisions/009-package-content-policy.md); the very same array as the input when
       * nothing was removed.
       */
      readonly stored: Uint8Array;
      /** A template must keep that type in its file name. */
      readonly kind: DocumentKind;
    }
  | { readonly ok: false; readonly code: ProcessFailureCode; readonly reason: string; readonly detail?: string };

export const UNREADABLE_REASON =
  'This document could not be read. If it opens in Word, save it again as .docx and upload the new copy.';

/**
 * The upload pipeline's one call: inspect, add paragraph ids, extract text, each body scanned
 * once (see story.ts). Every paragraph handed to search and the assistant carries the id it has
 * in the editable copy. Synchronous, linear in the input, and it never throws: hostile or broken
 * input ends in { ok: false, reason }.
 */
export function processDocx(bytes: Uint8Array): ProcessResult {
  try {
    const inspected = inspectDocx(bytes);
    if (!inspected.ok) return inspected;
    // pkg.archive is the input itself unless unsafe link targets were dropped from it.
    const { pkg } = inspected;
    const ids = addParagraphIds(pkg);
    // Only the text leaves: the answer crosses back from the worker, and cloning a paragraph list
    // (22,000 objects for 10 MB) cost ~120 ms there for nothing anyone reads.
    const { text, wordCount } = extractText(pkg, ids.ids.get(pkg.mainPart));
    return { ok: true, text, wordCount, editable: ids.editable, stored: pkg.archive, kind: pkg.kind };
  } catch (e) {
    // inspectDocx already checked everything the later steps read, so this is a bug of ours, or
    // memory running out; either way the user gets a sentence and the log gets the detail.
    return { ok: false, code: 'unreadable', reason: UNREADABLE_REASON, detail: e instanceof Error ? e.stack ?? e.message : String(e) };
  }
}
