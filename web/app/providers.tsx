import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '@web/lib/query-client';

export function Providers({ children }: { children: ReactNode }) {
  // One client for the page's lifetime; useState keeps it across re-renders.
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
