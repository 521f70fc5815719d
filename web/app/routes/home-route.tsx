import { useCurrentUser } from '@web/features/auth/api/get-user';
import { LandingPage } from '@web/features/landing/components/landing-page';
import { usePageTitle } from '@web/lib/use-page-title';
import { lazyRoute } from '../lazy-route';
import { StatusScreen } from '../layout/status-screen';

// The workspace is only for signed-in users; a visitor's landing page never downloads it.
const SignedInHome = lazyRoute(() => import('./signed-in-home').then((m) => m.SignedInHome));

/** '/': the workspace when signed in, the public landing page otherwise (SPEC 2). */
export function HomeRoute() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle(user ? 'Workspace' : undefined);
  if (isLoading) return <StatusScreen text="Loading..." />;
  if (!user) return <LandingPage />;
  return <SignedInHome user={user} />;
}
