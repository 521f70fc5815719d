import { Bell, Menu, Plus, Search } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { cn } from '@web/lib/utils';
import { SearchField } from './search-field';

type WorkspaceTopBarProps = {
  search: string;
  onSearchChange: (value: string) => void;
  /** On phones the field hides behind the search icon until asked for. */
  searchOpen: boolean;
  onSearchButton: () => void;
  searchRef: Ref<HTMLInputElement>;
  onNew: () => void;
  panelOpen: boolean;
  onOpenPanel: () => void;
};

/** docs/product.md §2 top bar: the title Workspace, a New button, a search icon button and other icon buttons. */
export function WorkspaceTopBar(props: WorkspaceTopBarProps) {
  const { search, onSearchChange, searchOpen, onSearchButton, searchRef, onNew, panelOpen, onOpenPanel } = props;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-3 border-b pb-4">
      <Button variant="ghost" size="icon" className="-ml-2 lg:hidden" onClick={onOpenPanel} aria-label="Open side panel" aria-expanded={panelOpen}>
        <Menu />
      </Button>
      <h1 className="text-2xl font-bold tracking-tight">Workspace</h1>
      {/* One field: inline on wide screens, a row of its own under the title on phones once asked for. */}
      <SearchField
        value={search}
        onChange={onSearchChange}
        inputRef={searchRef}
        className={cn('order-last w-full md:order-none md:ml-auto md:w-72', !searchOpen && 'max-md:hidden')}
      />
      <div className="ml-auto flex items-center gap-1 md:ml-0">
        <Button variant="ghost" size="icon" onClick={onSearchButton} aria-label="Search" aria-expanded={searchOpen}>
          <Search />
        </Button>
        <NotificationsButton />
        <Button onClick={onNew} className="ml-1">
          <Plus aria-hidden="true" />
          New
        </Button>
      </div>
    </div>
  );
}

function NotificationsButton() {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <p className="px-2 py-4 text-center text-sm text-muted-foreground">You're all caught up.</p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
