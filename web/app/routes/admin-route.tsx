import { RequireStaff } from '../guards/require-staff';
import { AppShell } from '../layout/app-shell';
import { AdminBoardPlaceholder } from './admin-board-placeholder';

export function AdminRoute() {
  return (
    <RequireStaff>
      {(user) => (
        <AppShell user={user}>
          <AdminBoardPlaceholder />
        </AppShell>
      )}
    </RequireStaff>
  );
}
