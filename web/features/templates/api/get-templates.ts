import { queryOptions, useQuery } from '@tanstack/react-query';
import { TemplateListSchema } from '@common/schemas/templates';
import { apiRequest } from '@web/lib/api-client';

export const templatesQueryKey = ['templates'] as const;

export async function getTemplates() {
  return TemplateListSchema.parse(await apiRequest('/api/templates'));
}

export const templatesQueryOptions = () => queryOptions({ queryKey: [...templatesQueryKey, 'list'], queryFn: getTemplates });

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
