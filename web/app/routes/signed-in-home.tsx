import type { User } from '@common/schemas/auth';
import { AppShell } from '../layout/app-shell';
import { WorkspaceRoute } from './workspace-route';

/** The workspace in the app shell: the half of '/' that signed-in users see. */
export function SignedInHome({ user }: { user: User }) {
  return (
    <AppShell user={user}>
      <WorkspaceRoute user={user} />
    </AppShell>
  );
}
