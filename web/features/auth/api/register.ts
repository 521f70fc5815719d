import { useMutation } from '@tanstack/react-query';
import { type RegisterInput, UserSchema } from '@common/schemas/auth';
import { apiRequest } from '@web/lib/api-client';

/** Creates the account without signing in; the sign-up form signs in next. */
export async function register(input: RegisterInput) {
  return UserSchema.parse(await apiRequest('/api/auth/register', { method: 'POST', body: input }));
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
