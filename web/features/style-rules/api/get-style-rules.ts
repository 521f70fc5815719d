import { queryOptions, useQuery } from '@tanstack/react-query';
import { StyleRulesSchema } from '@common/schemas/review';
import { apiRequest } from '@web/lib/api-client';

/** The feature's one key, in the app's `[feature, ...params]` scheme: a person has one style. */
export const styleRulesKey = ['style-rules'] as const;

/** GET /api/style-rules: the signed-in person's house style, or the defaults. */
export async function getStyleRules() {
  return StyleRulesSchema.parse(await apiRequest('/api/style-rules'));
}

export const styleRulesQueryOptions = () => queryOptions({ queryKey: styleRulesKey, queryFn: getStyleRules });

export function useStyleRules() {
  return useQuery(styleRulesQueryOptions());
}
