import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { type VersionHistorySheetProps, VersionHistorySheet } from './version-history-sheet';

/** The editor header's way into the history. */
export function VersionHistoryButton(props: Omit<VersionHistorySheetProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <History aria-hidden="true" />
        <span className="sr-only lg:not-sr-only">Version history</span>
      </Button>
      <VersionHistorySheet {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}
