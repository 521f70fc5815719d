import type { ReactNode } from 'react';
import type { User } from '@common/schemas/auth';
import { useCurrentUser } from '@web/features/auth/api/get-user';
import { lazyComponent } from '@web/lib/lazy-component';
import { StatusScreen } from '../layout/status-screen';

// Only a signed-out visit needs the sign-in forms (their fields, tabs and validation): kept out of
// the editor's and the workspace's first load, where the person is nearly always signed in.
const AuthScreen = lazyComponent(() => import('@web/features/auth/components/auth-screen').then((m) => m.AuthScreen), <StatusScreen text="Loading..." />);

/**
 * docs/product.md §6 for the editor pages: signed out, the sign-in screen shows in place, and signing in
 * brings the person back to the page they asked for.
 */
export function RequireUser({ children }: { children: (user: User) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <StatusScreen text="Loading..." />;
  if (!user) return <AuthScreen redirectTo={window.location.pathname + window.location.search} />;
  return children(user);
}
