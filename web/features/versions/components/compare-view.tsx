import { ArrowLeft, Download } from 'lucide-react';
import { Link } from 'wouter';
import type { Version } from '@common/schemas/versions';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useComparison } from '../api/get-comparison';
import { useVersions } from '../api/get-versions';
import { redlineDownloadUrl } from '../api/version-downloads';
import { editorPath } from '../lib/version-links';
import { totalsInWords } from '../lib/version-words';
import { ChangeList } from './change-list';
import { VersionPicker } from './version-picker';

type CompareViewProps = {
  documentId: number;
  documentName: string;
  /** From the address; null picks the version before `to`. */
  from: number | null;
  /** From the address; null picks the current version. */
  to: number | null;
  onSelect: (from: number, to: number) => void;
};

/** Issue 15's compare view: what changed from one version to another, change by change. */
export function CompareView({ documentId, documentName, from, to, onSelect }: CompareViewProps) {
  const versions = useVersions(documentId);
  const list = versions.data ?? [];
  const pair = chosenPair(list, from, to);
  const comparison = useComparison(documentId, pair?.from ?? null, pair?.to ?? null);

  return (
    <div className="grid gap-6">
      <Link href={editorPath(documentId)} className="inline-flex w-fit items-center gap-2 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the editor
      </Link>
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold break-words">{documentName}</h1>
        {pair && (
          <p className="text-muted-foreground">
            Comparing version {pair.from} with version {pair.to}
          </p>
        )}
      </header>
      {pair && (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <VersionPicker versions={list} from={pair.from} to={pair.to} onChange={onSelect} />
          <Button asChild variant="outline">
            <a href={redlineDownloadUrl(documentId, pair.from, pair.to)} target="_blank" rel="noopener">
              <Download aria-hidden="true" />
              Download redline (.docx)
            </a>
          </Button>
        </div>
      )}
      {versions.isPending && <Waiting text="Loading versions..." />}
      {versions.isError && <Failed text={errorMessage(versions.error, 'The history could not be loaded.')} onRetry={() => void versions.refetch()} />}
      {versions.isSuccess && !pair && <p>This document has only one version, so there is nothing to compare yet.</p>}
      {pair && comparison.isPending && <Waiting text="Comparing..." />}
      {comparison.isError && <Failed text={errorMessage(comparison.error, 'The versions could not be compared.')} onRetry={() => void comparison.refetch()} />}
      {comparison.data && (
        <section aria-label="Differences" className="grid gap-4">
          <p className="font-medium" data-testid="compare-totals">
            {totalsInWords(comparison.data.totals)}
          </p>
          {/* Keyed by the pair: another comparison starts again before its first change. */}
          <ChangeList key={`${pair?.from}-${pair?.to}`} paragraphs={comparison.data.paragraphs} />
        </section>
      )}
    </div>
  );
}

/** The versions asked for, else the current one and the one before it (conflicts aside); null with fewer than two. */
function chosenPair(versions: Version[], from: number | null, to: number | null): { from: number; to: number } | null {
  const target = to ?? versions.find((v) => v.current)?.version ?? null;
  if (target === null) return null;
  const asked = from !== null && from !== target ? from : null;
  const base = asked ?? versions.find((v) => v.version < target && !v.conflict)?.version ?? null;
  return base === null ? null : { from: base, to: target };
}

function Waiting({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {text}
    </p>
  );
}

function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-2 text-sm">
      <p>{text}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
