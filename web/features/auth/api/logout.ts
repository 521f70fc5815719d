import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export async function logout() {
  await apiRequest('/api/auth/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => forgetSession(queryClient) });
}

/** After any sign-out: this tab shows the public view and keeps nothing the session loaded. */
export function forgetSession(queryClient: QueryClient) {
  // Signed out is an answer: screens watching the user switch to their public view at once.
  queryClient.setQueryData(queryKeys.auth.user, null);
  // Drop everything else the old session loaded, so none of it shows to whoever uses the tab next.
  // (Removing the user query too would detach the screens still observing it.)
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.auth.user[0] });
}
