import { type ComponentType, type ReactNode, useEffect, useReducer } from 'react';

export type LazyComponent<P> = ComponentType<P> & {
  /** Starts fetching the code now (idempotent), so it is there when the component first renders. */
  preload: () => Promise<void>;
};

/**
 * A component whose code is fetched on first use, showing `fallback` until it has arrived.
 *
 * Not React.lazy: a lazy component always suspends on its first render, even when its chunk is
 * already loaded, and React holds back a Suspense boundary's content until 300 ms after a fallback
 * last appeared on the page (its fallback throttle). Each lazy step on the way to the editor
 * (the route, then the workspace) so waited out the rest of those 300 ms with the code in hand.
 * Here the code's arrival is an ordinary state update, committed at once, and a component whose
 * code is loaded renders in the same pass as its parent. A failed load is thrown to the nearest
 * error boundary on the next render, as React.lazy does.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): LazyComponent<P> {
  let Component: ComponentType<P> | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (loaded) => {
        Component = loaded;
      },
      (error: unknown) => {
        failure = { error };
      },
    ));

  function Lazy(props: P) {
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    useEffect(() => {
      if (!Component && !failure) void preload().then(arrived);
    }, []);
    if (failure) throw failure.error;
    return Component ? <Component {...props} /> : fallback;
  }
  return Object.assign(Lazy, { preload });
}
