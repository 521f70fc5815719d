import { Download, GitCompareArrows, RotateCcw } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'wouter';
import type { Version } from '@common/schemas/versions';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDateTime, relativeTime } from '@web/lib/relative-time';
import { versionDownloadUrl } from '../api/version-downloads';
import { kindInWords, summaryInWords } from '../lib/version-words';

type VersionRowProps = {
  documentId: number;
  version: Version;
  /** Where Compare goes; null when there is no other version to compare with. */
  comparePath: string | null;
  onCompare: (event: MouseEvent<HTMLAnchorElement>, path: string) => void;
  onRestore: () => void;
};

/** One version of the history: who made it, how, when, what changed, and what can be done with it. */
export function VersionRow({ documentId, version, comparePath, onCompare, onRestore }: VersionRowProps) {
  const n = version.version;
  const summary = summaryInWords(version.summary);
  // Each action names its version, for a screen reader listing the panel's buttons out of their rows.
  const named = (action: string) => ({ 'aria-label': `${action} version ${n}` });
  return (
    <li className="grid gap-1.5 border-b py-3 last:border-b-0" data-testid="version-row" aria-labelledby={`version-${n}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`version-${n}-title`} className="text-sm font-semibold">
          Version {n}
        </h3>
        {version.current && <Badge variant="success">Current</Badge>}
        {version.conflict && (
          <Badge variant="warning" title="A save that collided with another, kept beside the current version">
            Conflict
          </Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        {kindInWords(version)}
        {version.author && ` by ${version.author.name}`} ·{' '}
        <time dateTime={version.createdAt} title={formatDateTime(version.createdAt)}>
          {relativeTime(version.createdAt)}
        </time>
      </p>
      {summary && <p className="text-sm">{summary}</p>}
      <div className="flex flex-wrap gap-2 pt-1">
        <Button asChild variant="outline" size="sm">
          {/* The attachment header makes it a download; a new tab keeps the page where it is. */}
          <a href={versionDownloadUrl(documentId, n)} target="_blank" rel="noopener" {...named('Download')}>
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
        {comparePath && (
          <Button asChild variant="outline" size="sm">
            <Link href={comparePath} onClick={(event: MouseEvent<HTMLAnchorElement>) => onCompare(event, comparePath)} {...named('Compare')}>
              <GitCompareArrows aria-hidden="true" />
              Compare
            </Link>
          </Button>
        )}
        {!version.current && (
          <Button variant="outline" size="sm" onClick={onRestore} {...named('Restore')}>
            <RotateCcw aria-hidden="true" />
            Restore
          </Button>
        )}
      </div>
    </li>
  );
}
