import { useEffect, useRef, useState } from 'react';
import { lazyComponent } from '@web/lib/lazy-component';

const LandingDemo = lazyComponent(
  () => import('./landing-demo').then((m) => m.LandingDemo),
  <div className="min-h-[36rem] lg:min-h-[30rem]" aria-hidden="true" />,
);

/** How far ahead of the viewport the demo starts loading, so it is ready when scrolled to. */
const LOAD_AHEAD = '800px';

/**
 * The demo sits below the fold: its code and sample texts load as the visitor nears it, keeping
 * the first load of the landing page within its JavaScript budget (docs/decisions/011-landing-page-budget.md). The placeholder
 * has the demo's height so nothing moves when it arrives.
 */
export function LazyLandingDemo() {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: LOAD_AHEAD,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const fallback = <div ref={placeholder} className="min-h-[36rem] lg:min-h-[30rem]" aria-hidden="true" />;
  if (!near) return fallback;
  return <LandingDemo />;
}
