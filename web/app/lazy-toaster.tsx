import { useEffect, useState } from 'react';
import { showToastSavedForReload, useToasts } from '@web/components/ui/use-toast';
import { lazyComponent } from '@web/lib/lazy-component';

const Toaster = lazyComponent(() => import('@web/components/ui/toaster').then((m) => m.Toaster));

/**
 * The toast region loads with the first toast: most visits to the landing page never show one,
 * and its primitives are a tenth of the page's JavaScript budget (docs/decisions/011-landing-page-budget.md). Once loaded it stays,
 * so later toasts appear at once.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  useEffect(showToastSavedForReload, []);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (!needed && toasts.length === 0) return null;
  return <Toaster />;
}
