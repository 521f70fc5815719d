import { LogOut } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useLogout } from '../api/logout';
import { SIGN_OUT_FAILED, SIGNED_OUT } from '../lib/auth-messages';
import { useSignOutAction } from '../lib/sign-out-action';

export function SignOutButton() {
  const logoutMutation = useLogout();
  const signOut = useSignOutAction(logoutMutation, { done: SIGNED_OUT, failed: SIGN_OUT_FAILED, log: 'Sign out failed' });

  return (
    <Button variant="ghost" size="sm" onClick={() => void signOut()} disabled={logoutMutation.isPending}>
      <LogOut aria-hidden="true" />
      {/* Icon-only on phones, where the top bar has no room for the words. */}
      <span className="sr-only sm:not-sr-only">{logoutMutation.isPending ? 'Signing out...' : 'Sign out'}</span>
    </Button>
  );
}
