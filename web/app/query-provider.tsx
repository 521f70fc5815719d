import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@web/lib/query-client';

/**
 * The page's one query client. It lives in its own module, loaded with the first screen that
 * needs server data, so the landing page does not carry the data layer (docs/decisions/011-landing-page-budget.md).
 */
export const queryClient = createQueryClient();

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
