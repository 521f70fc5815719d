import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@web/components/ui/sheet';
import type { WorkspaceView } from '../lib/workspace-views';
import { SidePanel } from './side-panel';
import { WorkspaceTopBar } from './workspace-top-bar';

type WorkspaceShellProps = {
  view: WorkspaceView;
  onSelectView: (view: WorkspaceView) => void;
  search: string;
  onSearchChange: (value: string) => void;
  onNew: () => void;
  children: ReactNode;
};

const WIDE_SCREEN = '(min-width: 768px)';

/** docs/product.md §2 Workspace frame: the side panel (a sheet on small screens), the top bar, the current view. */
export function WorkspaceShell({ view, onSelectView, search, onSearchChange, onNew, children }: WorkspaceShellProps) {
  const [panelOpen, setPanelOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);

  // Focus once the field has rendered (on a phone it only appears when opened).
  useEffect(() => {
    if (focusRequest > 0) searchRef.current?.focus();
  }, [focusRequest]);

  const openSearch = () => {
    setPanelOpen(false);
    setSearchOpen(true);
    setFocusRequest((n) => n + 1);
  };
  const toggleSearch = () => {
    const collapsible = !window.matchMedia(WIDE_SCREEN).matches;
    if (collapsible && searchOpen && search === '') setSearchOpen(false);
    else openSearch();
  };
  // docs/product.md §2: selecting a view closes the side panel on small screens.
  const select = (next: WorkspaceView) => {
    setPanelOpen(false);
    onSelectView(next);
  };
  const newDocument = () => {
    setPanelOpen(false);
    onNew();
  };

  const panel = <SidePanel view={view} onSelectView={select} onNewDocument={newDocument} onSearch={openSearch} />;

  return (
    <div className="flex gap-8">
      <aside className="hidden w-56 shrink-0 lg:block" aria-label="Side panel">
        <div className="sticky top-20">{panel}</div>
      </aside>
      <Sheet open={panelOpen} onOpenChange={setPanelOpen}>
        <SheetContent className="pt-6">
          <SheetTitle className="px-3 text-lg font-semibold">Workspace</SheetTitle>
          <SheetDescription className="sr-only">Quick actions and navigation</SheetDescription>
          {panel}
        </SheetContent>
      </Sheet>
      <div className="grid min-w-0 flex-1 content-start gap-6">
        <WorkspaceTopBar
          search={search}
          onSearchChange={onSearchChange}
          searchOpen={searchOpen}
          onSearchButton={toggleSearch}
          searchRef={searchRef}
          onNew={onNew}
          panelOpen={panelOpen}
          onOpenPanel={() => setPanelOpen(true)}
        />
        {children}
      </div>
    </div>
  );
}
