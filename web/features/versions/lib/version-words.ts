/**
 * A version and a comparison in words, for the history and the compare view: what a person reads
 * instead of kinds and counters (issue 15).
 */
import type { ComparisonJson, Version, VersionSummary } from '@common/schemas/versions';

export function kindInWords(version: Pick<Version, 'kind' | 'restoredFrom'>): string {
  switch (version.kind) {
    case 'upload':
      return 'Uploaded';
    case 'save':
      return 'Saved';
    case 'restore':
      return version.restoredFrom === null ? 'Restored' : `Restored from version ${version.restoredFrom}`;
    case 'merge':
      return 'Merged';
    case 'template':
      return 'Created from a template';
    case 'onlyoffice':
      return 'Saved in ONLYOFFICE';
  }
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '+14 −3 words', or '' when no word came or went. A minus sign, not a hyphen, as in print. */
export function wordsInWords(added: number, removed: number): string {
  if (added === 0 && removed === 0) return '';
  return `+${added} −${removed} words`;
}

/** '2 paragraphs changed, 1 added · +14 −3 words'; '' for a version with nothing to compare it with. */
export function summaryInWords(summary: VersionSummary | null): string {
  if (!summary) return '';
  const { paragraphsChanged, paragraphsAdded, paragraphsRemoved } = summary;
  // The noun goes on the first count only: '2 paragraphs changed, 1 added, 1 removed'.
  const parts = [
    [paragraphsChanged, 'changed'],
    [paragraphsAdded, 'added'],
    [paragraphsRemoved, 'removed'],
  ] as const;
  const shown = parts.filter(([n]) => n > 0).map(([n, what], i) => (i === 0 ? `${count(n, 'paragraph', 'paragraphs')} ${what}` : `${n} ${what}`));
  const words = wordsInWords(summary.wordsAdded, summary.wordsRemoved);
  const paragraphs = shown.length > 0 ? shown.join(', ') : words ? '' : 'No changes to the text';
  return [paragraphs, words].filter(Boolean).join(' · ');
}

/** '3 changed · 1 inserted · 1 deleted · 1 moved · +12 −4 words'; zero counts are left out. */
export function totalsInWords(totals: ComparisonJson['totals']): string {
  const parts = [
    totals.changed && `${totals.changed} changed`,
    totals.inserted && `${totals.inserted} inserted`,
    totals.deleted && `${totals.deleted} deleted`,
    totals.moved && `${totals.moved} moved`,
    totals.formatting && `${totals.formatting} reformatted`,
    wordsInWords(totals.wordsInserted, totals.wordsDeleted),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'No differences';
}
