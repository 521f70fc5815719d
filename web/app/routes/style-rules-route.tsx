import { StyleRulesPage } from '@web/features/style-rules/components/style-rules-page';
import { RequireUser } from '../guards/require-user';
import { AppShell } from '../layout/app-shell';

/** /style-rules (issue 16): the signed-in person's house style for reviews. */
export function StyleRulesRoute() {
  return (
    <RequireUser>
      {(user) => (
        <AppShell user={user}>
          <StyleRulesPage />
        </AppShell>
      )}
    </RequireUser>
  );
}
