import { type ComponentType, lazy, Suspense } from 'react';
import { StatusScreen } from './layout/status-screen';

/**
 * A route whose code is fetched when it is first shown. The landing page is the first thing a
 * visitor loads, so it must not carry the editor, the workspace or the admin board (issue 10):
 * each route beyond it is its own chunk.
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyRoute(props: P) {
    return (
      <Suspense fallback={<StatusScreen text="Loading..." />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
