import { queryOptions, useQuery } from '@tanstack/react-query';
import { StaffMemberListSchema } from '@common/schemas/tasks';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/tasks/assignees: the staff a task can be given to, by name. */
export async function getAssignees() {
  return StaffMemberListSchema.parse(await apiRequest('/api/tasks/assignees'));
}

export const assigneesQueryOptions = () => queryOptions({ queryKey: queryKeys.tasks.assignees, queryFn: getAssignees });

export function useAssignees() {
  return useQuery(assigneesQueryOptions());
}
