import { queryOptions, useQuery } from '@tanstack/react-query';
import { CanvasItemListSchema } from '@common/schemas/business-model';
import { apiRequest } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/business-model: every item, in element order, then each element's own order. */
export async function getCanvasItems() {
  return CanvasItemListSchema.parse(await apiRequest('/api/business-model'));
}

export const canvasItemsQueryOptions = () => queryOptions({ queryKey: queryKeys.businessModel.items, queryFn: getCanvasItems });

export function useCanvasItems() {
  return useQuery(canvasItemsQueryOptions());
}
