import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import type { User } from '@common/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { useCurrentUser } from '@web/features/auth/api/get-user';
import { PRODUCT_NAME } from '@web/lib/brand';
import { AppShell } from '../layout/app-shell';
import { StatusScreen } from '../layout/status-screen';

/**
 * docs/product.md §2 and §6 for /admin: 'Verifying access...', then /auth when signed out. The board is for staff
 * (§6); anyone else is told so here rather than meeting 403s from every staff call.
 */
export function RequireStaff({ children }: { children: (user: User) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <StatusScreen text="Verifying access..." />;
  if (!user) return <Redirect to="/auth" replace />;
  if (user.role !== 'staff') return <StaffOnly user={user} />;
  return children(user);
}

function StaffOnly({ user }: { user: User }) {
  return (
    <AppShell user={user}>
      <Card className="mx-auto mt-10 max-w-lg text-center">
        <CardHeader className="items-center">
          <span className="grid size-12 place-items-center rounded-full bg-warning/15 text-warning-foreground" aria-hidden="true">
            <ShieldAlert className="size-6" />
          </span>
          <h1 className="mt-2 text-xl font-semibold">Staff only</h1>
          <CardDescription>
            This area is for {PRODUCT_NAME} staff only. Your account ({user.email}) does not have access to the admin
            board.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link href="/">Back to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </AppShell>
  );
}
