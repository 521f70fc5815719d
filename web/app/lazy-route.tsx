import type { ComponentType } from 'react';
import { lazyComponent } from '@web/lib/lazy-component';
import { StatusScreen } from './layout/status-screen';

/**
 * A route whose code is fetched when it is first shown. The landing page is the first thing a
 * visitor loads, so it must not carry the editor, the workspace, the admin board or even the
 * data layer (docs/decisions/011-landing-page-budget.md): each route beyond it is its own chunk, and arrives inside the one query
 * client (query-provider.tsx), which loads with it.
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazyComponent(async () => {
    const [Route, { QueryProvider }] = await Promise.all([load(), import('./query-provider')]);
    return function RouteWithQueries(props: P) {
      return (
        <QueryProvider>
          <Route {...props} />
        </QueryProvider>
      );
    };
  }, <StatusScreen text="Loading..." />);
}
