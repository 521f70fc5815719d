/**
 * The short summary a version carries in the history (paragraphs changed, added and removed,
 * words added and removed), computed when the version is stored, in the work pool.
 */
import type { VersionSummary } from '@common/schemas/versions';
import { changeSummary, compareDocx } from './compare/compare';

/** Null when the two cannot be compared (a package the comparison cannot read): the history shows no summary then. */
export function summarize(before: Uint8Array, after: Uint8Array): VersionSummary | null {
  try {
    return changeSummary(compareDocx(before, after));
  } catch {
    return null;
  }
}
