import { Archive, FileClock, Files, FilePlus, House, LayoutTemplate, Search, SpellCheck, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { cn } from '@web/lib/utils';
import { VIEW_LABELS, type WorkspaceView } from '../lib/workspace-views';

type SidePanelProps = {
  view: WorkspaceView;
  onSelectView: (view: WorkspaceView) => void;
  onNewDocument: () => void;
  onSearch: () => void;
};

const NAVIGATION: { view: WorkspaceView; icon: LucideIcon }[] = [
  { view: 'home', icon: House },
  { view: 'documents', icon: Files },
  { view: 'templates', icon: LayoutTemplate },
  { view: 'recent', icon: FileClock },
  { view: 'shared', icon: Users },
  { view: 'archive', icon: Archive },
];

/** docs/product.md §2 side panel: Quick Actions, then Navigation. */
export function SidePanel({ view, onSelectView, onNewDocument, onSearch }: SidePanelProps) {
  // The panel renders twice (desktop aside, phone sheet), so its ids must be unique per copy.
  const id = useId();
  return (
    <div className="grid gap-6">
      <section aria-labelledby={`${id}-actions`}>
        <h2 id={`${id}-actions`} className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Quick Actions
        </h2>
        <div className="mt-2 grid gap-0.5">
          <PanelButton icon={FilePlus} label="New Document" onClick={onNewDocument} />
          <PanelButton icon={Search} label="Search" onClick={onSearch} />
          <PanelButton icon={LayoutTemplate} label="Templates" onClick={() => onSelectView('templates')} />
        </div>
      </section>
      <nav aria-labelledby={`${id}-navigation`}>
        <h2 id={`${id}-navigation`} className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Navigation
        </h2>
        <ul className="mt-2 grid gap-0.5">
          {NAVIGATION.map(({ view: target, icon }) => (
            <li key={target}>
              <PanelButton icon={icon} label={VIEW_LABELS[target]} active={view === target} onClick={() => onSelectView(target)} />
            </li>
          ))}
          <li>
            <PanelLink icon={SpellCheck} label="Style rules" href="/style-rules" />
          </li>
        </ul>
      </nav>
    </div>
  );
}

type PanelButtonProps = { icon: LucideIcon; label: string; active?: boolean; onClick: () => void };

const PANEL_ITEM =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

function PanelButton({ icon: Icon, label, active, onClick }: PanelButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      className={cn(PANEL_ITEM, active && 'bg-primary/10 text-primary hover:bg-primary/10 hover:text-primary')}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {label}
    </button>
  );
}

/** An entry that is a page of its own rather than a view of the workspace. */
function PanelLink({ icon: Icon, label, href }: { icon: LucideIcon; label: string; href: string }) {
  return (
    <Link href={href} className={PANEL_ITEM}>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {label}
    </Link>
  );
}
