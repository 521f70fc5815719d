import { useParams } from 'wouter';
import { RequireUser } from '../guards/require-user';
import { AppShell } from '../layout/app-shell';
import { EditorPlaceholder } from './editor-placeholder';

export function EditorOriginalRoute() {
  const { id } = useParams<{ id?: string }>();
  return (
    <RequireUser>
      {(user) => (
        <AppShell user={user}>
          <EditorPlaceholder rawId={id} title="Reference editor" />
        </AppShell>
      )}
    </RequireUser>
  );
}
