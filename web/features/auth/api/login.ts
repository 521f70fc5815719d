import { useMutation } from '@tanstack/react-query';
import { type LoginInput, UserSchema } from '@common/schemas/auth';
import { apiRequest } from '@web/lib/api-client';

export async function login(input: LoginInput) {
  return UserSchema.parse(await apiRequest('/api/auth/login', { method: 'POST', body: input }));
}

/** The caller loads a fresh page on success, so no cache is touched here. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
