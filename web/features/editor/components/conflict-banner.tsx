import { TriangleAlert } from 'lucide-react';
import type { SaveConflict } from '@common/schemas/versions';
import { Button } from '@web/components/ui/button';

/** The ways out when the server kept this editor's save in the history beside the current version. */
export type ConflictChoices = {
  /** The newest 409's details: the version the document is at, and the one kept from here. */
  conflict: SaveConflict;
  /** Opens the comparison of the current version with the one kept from here. */
  onCompare: () => void;
  /** Makes the version kept from here the current one. */
  onKeepMine: () => void;
  /** True while Keep mine runs. */
  keeping: boolean;
};

type ConflictBannerProps = {
  /** The server's words; shown when the save was refused without being kept. */
  message: string | null;
  /** Opens the latest version; with choices, that is 'Keep theirs'. */
  onReload: () => void;
  /** Absent when the save was refused without being kept (e.g. its base version is unknown): then only Reload. */
  choices?: ConflictChoices | null;
};

const paragraphs = (n: number) => (n === 0 ? 'in a way that cannot be merged with your changes' : `in ${n === 1 ? 'a paragraph' : `${n} paragraphs`} you also changed`);

/**
 * A save collided with a change made elsewhere (another tab, another device). Saving stops and
 * the editor is read-only until the person chooses. When both changed the same paragraphs, the
 * server keeps this save (and whatever was typed while it was sent) as a version of its own: the
 * person compares, keeps theirs or keeps their own, and loses nothing. Otherwise reloading opens
 * the latest version, and the message says what is lost.
 */
export function ConflictBanner({ message, onReload, choices }: ConflictBannerProps) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-destructive/30 bg-destructive/10 px-4 py-2 text-sm">
      <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
      {choices ? (
        <>
          <p className="min-w-0 flex-1">
            This document was changed elsewhere {paragraphs(choices.conflict.conflicts.length)} (it is now at version {choices.conflict.currentVersion}). Your
            version is kept in the history as version {choices.conflict.conflictVersion}. The editor is read-only until you choose.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={choices.onCompare} disabled={choices.keeping}>
              Compare
            </Button>
            <Button size="sm" onClick={choices.onKeepMine} disabled={choices.keeping}>
              {choices.keeping ? 'Keeping mine...' : 'Keep mine'}
            </Button>
            <Button size="sm" variant="outline" onClick={onReload} disabled={choices.keeping}>
              Keep theirs
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="min-w-0 flex-1">
            {message ?? 'This document was changed elsewhere. Reload it to get the latest version; your unsaved changes are not stored.'} The editor is
            read-only until you reload.
          </p>
          <Button size="sm" variant="destructive" onClick={onReload}>
            Reload
          </Button>
        </>
      )}
    </div>
  );
}
