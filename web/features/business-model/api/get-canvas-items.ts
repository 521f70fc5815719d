import { queryOptions, useQuery } from '@tanstack/react-query';
import { CanvasItemListSchema } from '@common/schemas/business-model';
import { apiRequest } from '@web/lib/api-client';

/** The whole canvas is one list; every change to it refreshes this key. */
export const canvasItemsQueryKey = ['business-model'] as const;

/** GET /api/business-model: every item, in element order, then each element's own order. */
export async function getCanvasItems() {
  return CanvasItemListSchema.parse(await apiRequest('/api/business-model'));
}

export const canvasItemsQueryOptions = () => queryOptions({ queryKey: canvasItemsQueryKey, queryFn: getCanvasItems });

export function useCanvasItems() {
  return useQuery(canvasItemsQueryOptions());
}
