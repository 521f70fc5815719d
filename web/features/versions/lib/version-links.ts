import type { Version } from '@common/schemas/versions';

/** The compare view (web/app/router.tsx): what changed from version `from` to version `to`. */
export const comparePath = (documentId: number, from: number, to: number) => `/editor/${documentId}/compare?from=${from}&to=${to}`;

/**
 * What a history row's Compare shows: that version against the current one, and for the current
 * one, what it changed from the version before it (conflicts aside). Null when there is nothing to compare with.
 * `versions` is newest first, as the server lists them.
 */
export function compareTargets(versions: Version[], version: Version): { from: number; to: number } | null {
  const current = versions.find((v) => v.current);
  if (!current) return null;
  if (!version.current) return { from: version.version, to: current.version };
  // A conflict is kept beside the line of versions, not in it.
  const previous = versions.find((v) => v.version < current.version && !v.conflict);
  return previous ? { from: previous.version, to: current.version } : null;
}

/** The editor the compare view goes back to (docs/product.md §2 route table). */
export const editorPath = (documentId: number) => `/editor/${documentId}`;
