import type { User } from '@common/schemas/auth';
import { ApiError, apiRequest } from '@web/lib/api-client';

/**
 * The signed-in user, or null when the server says 401 (signed out is an answer, not a failure).
 * Plain fetch, no query cache: the landing page asks this before any of the app's data layer has
 * loaded. The schema (and zod with it) loads only when there is a user to check.
 */
export async function fetchUser(): Promise<User | null> {
  try {
    const body = await apiRequest('/api/auth/user');
    const { UserSchema } = await import('@common/schemas/auth');
    return UserSchema.parse(body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
