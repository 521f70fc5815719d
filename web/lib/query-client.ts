/**
 * Server data lives only in TanStack Query (docs/product.md §7): nothing is retried, data never goes stale on
 * its own and is not refetched on window focus; mutations invalidate what they change.
 * Query keys come from query-keys.ts.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
