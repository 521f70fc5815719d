import { queryOptions, useQuery } from '@tanstack/react-query';
import { TemplateListSchema } from '@common/schemas/templates';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export async function getTemplates() {
  return TemplateListSchema.parse(await apiRequest('/api/templates'));
}

export const templatesQueryOptions = () => queryOptions({ queryKey: queryKeys.templates.list, queryFn: getTemplates });

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
