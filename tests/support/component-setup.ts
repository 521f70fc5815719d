/**
 * Setup for the component project (the .test.tsx files of web/, in jsdom): each test starts with
 * an empty page, no toast left over from the one before, and the real fetch / XMLHttpRequest back.
 * jsdom lacks some browser APIs our widgets use; they get the smallest stand-ins that behave alike.
 */
import { cleanup, configure, renderHook } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast, useToasts } from '@web/components/ui/use-toast';

// findBy and waitFor give up after 1 s by default, too soon on a machine busy with other suites.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // The toast store lives in a module, so it outlives a test; close what a test left open.
  const { result, unmount } = renderHook(() => useToasts());
  for (const { id, open } of result.current) if (open) dismissToast(id);
  unmount();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Radix measures some parts (the switch's thumb) with a ResizeObserver. */
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * Web Animations: Element.animate, as far as the AI options card uses it. The animation "runs"
 * for its duration on a timer and then fires `onfinish`, unless it was cancelled first.
 */
if (!(Element.prototype as Partial<Element>).animate) {
  Element.prototype.animate = function animate(_keyframes: unknown, options?: number | KeyframeAnimationOptions) {
    const duration = typeof options === 'number' ? options : Number(options?.duration ?? 0);
    const animation = {
      onfinish: null as ((event: AnimationPlaybackEvent) => void) | null,
      cancel: () => clearTimeout(timer),
    };
    const timer = setTimeout(() => animation.onfinish?.(new Event('finish') as AnimationPlaybackEvent), duration);
    return animation as unknown as Animation;
  };
}

/** The landing page loads its demo as the visitor nears it; in jsdom nothing is ever near. */
if (!('IntersectionObserver' in globalThis)) {
  globalThis.IntersectionObserver = class {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  };
}
