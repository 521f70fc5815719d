import { AdminBoard } from './admin-board';
import { RequireStaff } from '../guards/require-staff';
import { AppShell } from '../layout/app-shell';

export function AdminRoute() {
  return (
    <RequireStaff>
      {(user) => (
        <AppShell user={user}>
          <AdminBoard />
        </AppShell>
      )}
    </RequireStaff>
  );
}
