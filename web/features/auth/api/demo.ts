import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserSchema } from '@common/schemas/auth';
import { apiRequest } from '@web/lib/api-client';

/** SPEC 7: a demo session for a visitor whose user check failed (used by the editor). */
export async function startDemo() {
  return UserSchema.parse(await apiRequest('/api/auth/demo', { method: 'POST' }));
}

export function useStartDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDemo,
    // A new session changes what every query would answer.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
