import { queryOptions, useQuery } from '@tanstack/react-query';
import { CURRENT_USER_STALE_MS } from '@common/limits';
import type { User } from '@common/schemas/auth';
import { ApiError, apiRequest } from '@web/lib/api-client';

export const userQueryKey = ['auth', 'user'] as const;

/**
 * The signed-in user, or null when the server says 401 (signed out is an answer, not a failure).
 * The schema (and zod with it) loads only when there is a user to check: a visitor's landing
 * page stays small (issue 10).
 */
export async function getUser(): Promise<User | null> {
  try {
    const body = await apiRequest('/api/auth/user');
    const { UserSchema } = await import('@common/schemas/auth');
    return UserSchema.parse(body);
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
