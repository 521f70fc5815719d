import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { forgetSession } from './logout';

/** Ends every session of the account, this one included (a lost laptop, a shared computer). */
export async function logoutEverywhere() {
  await apiRequest('/api/auth/logout-all', { method: 'POST' });
}

export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logoutEverywhere, onSuccess: () => forgetSession(queryClient) });
}
