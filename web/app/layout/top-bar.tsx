import { LayoutDashboard, ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import type { User } from '@common/schemas/auth';
import { Logo } from '@web/components/ui/logo';
import { SignOutButton } from '@web/features/auth/components/sign-out-button';
import { UserMenu } from '@web/features/auth/components/user-menu';
import { PRODUCT_NAME } from '@web/lib/brand';
import { cn } from '@web/lib/utils';

/** The signed-in top bar of docs/product.md §1: Dashboard (/), Tasks (/admin), who is signed in (its menu signs out everywhere), sign out. */
export function TopBar({ user }: { user: User }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:gap-8 sm:px-6">
        <Link href="/" aria-label={`${PRODUCT_NAME} home`}>
          <Logo className="text-base" nameClassName="hidden sm:inline" />
        </Link>
        <nav className="flex items-center gap-1" aria-label="Main">
          <NavLink href="/" icon={<LayoutDashboard />}>
            Dashboard
          </NavLink>
          <NavLink href="/admin" icon={<ListChecks />}>
            Tasks
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <UserMenu user={user} />
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}

function NavLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  const [active] = useRoute(href);
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'inline-flex items-center gap-2 rounded-md px-2 py-1.5 sm:px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground [&_svg]:size-4',
        active && 'bg-accent text-foreground',
      )}
    >
      <span aria-hidden="true">{icon}</span>
      {children}
    </Link>
  );
}
