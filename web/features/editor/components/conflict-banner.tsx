import { TriangleAlert } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** The ways out when the server kept this editor's save in the history beside the current version. */
export type ConflictChoices = {
  /** Opens the comparison of the current version with the one kept from here. */
  onCompare: () => void;
  /** Makes the version kept from here the current one. */
  onKeepMine: () => void;
  /** True while Keep mine runs. */
  keeping: boolean;
};

type ConflictBannerProps = {
  message: string | null;
  /** Opens the latest version; with choices, that is 'Keep theirs'. */
  onReload: () => void;
  /** Absent when the save was refused without being kept (e.g. its base version is unknown): then only Reload. */
  choices?: ConflictChoices | null;
};

/**
 * A save collided with a change made elsewhere (another tab, another device). Saving stops. When
 * both changed the same paragraphs, the server keeps this save as a version of its own and the
 * message says which: the person compares, keeps theirs or keeps their own, and loses nothing.
 * Otherwise reloading opens the latest version, and the message says what is lost.
 */
export function ConflictBanner({ message, onReload, choices }: ConflictBannerProps) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-destructive/30 bg-destructive/10 px-4 py-2 text-sm">
      <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {message ?? 'This document was changed elsewhere. Reload it to get the latest version; your unsaved changes are not stored.'}
      </p>
      {choices ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={choices.onCompare} disabled={choices.keeping}>
            Compare
          </Button>
          <Button size="sm" onClick={choices.onKeepMine} disabled={choices.keeping}>
            {choices.keeping ? 'Keeping yours...' : 'Keep mine'}
          </Button>
          <Button size="sm" variant="outline" onClick={onReload} disabled={choices.keeping}>
            Keep theirs
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="destructive" onClick={onReload}>
          Reload
        </Button>
      )}
    </div>
  );
}
