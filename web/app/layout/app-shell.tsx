import type { ReactNode } from 'react';
import type { User } from '@common/schemas/auth';
import { TopBar } from './top-bar';

/** Frame of the signed-in screens: the top bar over the page. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-muted/30">
      <TopBar user={user} />
      <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}
