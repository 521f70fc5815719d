import { useMutation } from '@tanstack/react-query';
import { type JoinWaitlistInput, WaitlistJoinedSchema } from '@common/schemas/waitlist';
import { apiRequest } from '@web/lib/api-client';

/** Joins the waitlist; the answer is the same shape for a new entry (201) and an email already on it (200). */
export async function joinWaitlist(input: JoinWaitlistInput) {
  return WaitlistJoinedSchema.parse(await apiRequest('/api/waitlist', { method: 'POST', body: input }));
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
