import { useState } from 'react';
import type { User } from '@common/schemas/auth';
import { useCurrentUser } from '@web/features/auth/api/get-user';
import { LandingPage } from '@web/features/landing/components/landing-page';
import { queryKeys } from '@web/lib/query-keys';
import { AppShell } from '../layout/app-shell';
import { queryClient } from '../query-provider';
import { WorkspaceRoute } from './workspace-route';

/**
 * The workspace in the app shell: the half of '/' that signed-in users see. The user '/' already
 * fetched seeds the query cache; signing out empties it, and the landing page shows in place.
 */
export function SignedInHome({ user: checkedUser }: { user: User }) {
  useState(() => {
    if (queryClient.getQueryData(queryKeys.auth.user) === undefined) queryClient.setQueryData(queryKeys.auth.user, checkedUser);
  });
  const { user } = useCurrentUser();
  if (!user) return <LandingPage />;
  return (
    <AppShell user={user}>
      <WorkspaceRoute user={user} />
    </AppShell>
  );
}
