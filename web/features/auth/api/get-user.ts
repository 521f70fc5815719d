import { queryOptions, useQuery } from '@tanstack/react-query';
import { CURRENT_USER_STALE_MS } from '@common/limits';
import { type User, UserSchema } from '@common/schemas/auth';
import { ApiError, apiRequest } from '@web/lib/api-client';

export const userQueryKey = ['auth', 'user'] as const;

/** The signed-in user, or null when the server says 401 (signed out is an answer, not a failure). */
export async function getUser(): Promise<User | null> {
  try {
    return UserSchema.parse(await apiRequest('/api/auth/user'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: userQueryKey, queryFn: getUser, staleTime: CURRENT_USER_STALE_MS });

/**
 * SPEC 6/7: any failed check counts as signed out, so a server hiccup shows the public screens
 * rather than a broken one.
 */
export function useCurrentUser() {
  const query = useQuery(userQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}
