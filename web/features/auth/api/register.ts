import { useMutation } from '@tanstack/react-query';
import { OkSchema, type RegisterInput } from '@common/schemas/auth';
import { apiRequest } from '@web/lib/api-client';

/**
 * Creates the account without signing in; the sign-up form signs in next. The server answers the
 * same whether or not the email already had an account, so only that sign-in tells.
 */
export async function register(input: RegisterInput) {
  return OkSchema.parse(await apiRequest('/api/auth/register', { method: 'POST', body: input }));
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
