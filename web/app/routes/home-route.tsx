import { useEffect, useState } from 'react';
import type { User } from '@common/schemas/auth';
import { fetchUser } from '@web/features/auth/api/fetch-user';
import { takeSignedOutHint } from '@web/features/auth/api/session-hint';
import { LandingPage } from '@web/features/landing/components/landing-page';
import { usePageTitle } from '@web/lib/use-page-title';
import { lazyRoute } from '../lazy-route';
import { StatusScreen } from '../layout/status-screen';

// The workspace is only for signed-in users; a visitor's landing page never downloads it.
const SignedInHome = lazyRoute(() => import('./signed-in-home').then((m) => m.SignedInHome));

type Session = { checked: false } | { checked: true; user: User | null };

/**
 * '/': the workspace when signed in, the public landing page otherwise (docs/product.md §2). The check is a
 * plain request, so a visitor's page needs no data layer; docs/product.md §6 and §7: a failed check counts as
 * signed out.
 */
export function HomeRoute() {
  // A visitor the server saw without a session is signed out: no need to ask (session-hint.ts).
  const [signedOut] = useState(takeSignedOutHint);
  const [session, setSession] = useState<Session>(signedOut ? { checked: true, user: null } : { checked: false });
  useEffect(() => {
    if (signedOut) return;
    let current = true;
    fetchUser().then(
      (user) => current && setSession({ checked: true, user }),
      () => current && setSession({ checked: true, user: null }),
    );
    return () => {
      current = false;
    };
  }, [signedOut]);

  usePageTitle(session.checked && session.user ? 'Workspace' : undefined);
  if (!session.checked) return <StatusScreen text="Loading..." />;
  if (!session.user) return <LandingPage />;
  return <SignedInHome user={session.user} />;
}
