import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useLogout } from '../api/logout';
import { SIGN_OUT_FAILED, SIGNED_OUT } from '../lib/auth-messages';

export function SignOutButton() {
  const logoutMutation = useLogout();
  const [, navigate] = useLocation();

  // mutateAsync, not mutate's callbacks: signing out unmounts this button before they would run.
  const signOut = async () => {
    try {
      await logoutMutation.mutateAsync();
    } catch (error) {
      console.error('Sign out failed', error);
      toast(SIGN_OUT_FAILED);
      return;
    }
    navigate('/');
    toast(SIGNED_OUT);
  };

  return (
    <Button variant="ghost" size="sm" onClick={() => void signOut()} disabled={logoutMutation.isPending}>
      <LogOut aria-hidden="true" />
      {/* Icon-only on phones, where the top bar has no room for the words. */}
      <span className="sr-only sm:not-sr-only">{logoutMutation.isPending ? 'Signing out...' : 'Sign out'}</span>
    </Button>
  );
}
