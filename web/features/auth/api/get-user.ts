import { queryOptions, useQuery } from '@tanstack/react-query';
import { CURRENT_USER_STALE_MS } from '@common/limits';
import { queryKeys } from '@web/lib/query-keys';
import { fetchUser } from './fetch-user';

export const userQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.auth.user, queryFn: fetchUser, staleTime: CURRENT_USER_STALE_MS });

/**
 * docs/product.md §6 and §7: any failed check counts as signed out, so a server hiccup shows the public screens
 * rather than a broken one.
 */
export function useCurrentUser() {
  const query = useQuery(userQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}
