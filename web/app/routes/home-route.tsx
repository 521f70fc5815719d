import { useCurrentUser } from '@web/features/auth/api/get-user';
import { LandingPage } from '@web/features/landing/components/landing-page';
import { usePageTitle } from '@web/lib/use-page-title';
import { AppShell } from '../layout/app-shell';
import { StatusScreen } from '../layout/status-screen';
import { WorkspaceRoute } from './workspace-route';

/** '/': the workspace when signed in, the public landing page otherwise (SPEC 2). */
export function HomeRoute() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle(user ? 'Workspace' : undefined);
  if (isLoading) return <StatusScreen text="Loading..." />;
  if (!user) return <LandingPage />;
  return (
    <AppShell user={user}>
      <WorkspaceRoute user={user} />
    </AppShell>
  );
}
