import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StyleRulesSchema } from '@common/schemas/review';
import { apiResponse } from '@web/lib/api-client';
import { styleRulesKey } from './get-style-rules';

/**
 * POST /api/style-rules/import: the file's text as it is, so the server can name the line of
 * anything wrong in it. Replaces the whole style, or changes nothing.
 */
export async function importStyleRules(text: string) {
  const response = await apiResponse('/api/style-rules/import', { method: 'POST', body: text, headers: { 'Content-Type': 'application/json' } });
  return StyleRulesSchema.parse(await response.json());
}

export function useImportStyleRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStyleRules,
    onSuccess: (rules) => queryClient.setQueryData(styleRulesKey, rules),
  });
}
