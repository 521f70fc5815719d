import { MonitorSmartphone, UserRound } from 'lucide-react';
import { useLocation } from 'wouter';
import type { User } from '@common/schemas/auth';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { toast } from '@web/components/ui/use-toast';
import { useLogoutEverywhere } from '../api/logout-all';
import { SIGN_OUT_EVERYWHERE_FAILED, SIGNED_OUT_EVERYWHERE } from '../lib/auth-messages';

/** Who is signed in; its menu holds what acts on the whole account, such as signing out everywhere. */
export function UserMenu({ user }: { user: User }) {
  const logoutEverywhere = useLogoutEverywhere();
  const [, navigate] = useLocation();

  // mutateAsync, not mutate's callbacks: signing out unmounts this menu before they would run.
  const signOutEverywhere = async () => {
    try {
      await logoutEverywhere.mutateAsync();
    } catch (error) {
      console.error('Sign out everywhere failed', error);
      toast(SIGN_OUT_EVERYWHERE_FAILED);
      return;
    }
    navigate('/');
    toast(SIGNED_OUT_EVERYWHERE);
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Account: ${user.name}`}>
          <UserRound className="text-muted-foreground" aria-hidden="true" />
          {/* Icon-only on phones, where the top bar has no room for the name. */}
          <span className="hidden sm:inline" data-testid="current-user">
            {user.name}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="font-normal text-muted-foreground">{user.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logoutEverywhere.isPending} onSelect={() => void signOutEverywhere()}>
          <MonitorSmartphone aria-hidden="true" />
          {logoutEverywhere.isPending ? 'Signing out...' : 'Sign out everywhere'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
