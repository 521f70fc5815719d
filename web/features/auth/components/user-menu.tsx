import { MonitorSmartphone, UserRound } from 'lucide-react';
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
import { useLogoutEverywhere } from '../api/logout-all';
import { SIGN_OUT_EVERYWHERE_FAILED, SIGNED_OUT_EVERYWHERE } from '../lib/auth-messages';
import { useSignOutAction } from '../lib/sign-out-action';

/** Who is signed in; its menu holds what acts on the whole account, such as signing out everywhere. */
export function UserMenu({ user }: { user: User }) {
  const logoutEverywhere = useLogoutEverywhere();
  const signOutEverywhere = useSignOutAction(logoutEverywhere, {
    done: SIGNED_OUT_EVERYWHERE,
    failed: SIGN_OUT_EVERYWHERE_FAILED,
    log: 'Sign out everywhere failed',
  });

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
