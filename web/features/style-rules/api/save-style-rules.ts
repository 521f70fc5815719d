import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type StyleRules, StyleRulesSchema } from '@common/schemas/review';
import { apiRequest } from '@web/lib/api-client';
import { styleRulesKey } from './get-style-rules';

/** PUT /api/style-rules: replaces the whole style; answers it as stored (trimmed, each switch once). */
export async function saveStyleRules(rules: StyleRules) {
  return StyleRulesSchema.parse(await apiRequest('/api/style-rules', { method: 'PUT', body: rules }));
}

export function useSaveStyleRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStyleRules,
    onSuccess: (rules) => queryClient.setQueryData(styleRulesKey, rules),
  });
}
