/**
 * Stands in for `sonner` inside the embedded editor (vite.config.ts aliases the package here).
 * @eigenpal/docx-editor-react 1.9.0 mounts sonner's <Toaster> beside its context menus, with no
 * prop to turn it off, and calls `toast(text)` for "Link copied to clipboard" and "Link removed".
 * Routed here, those messages show in the app's one toast region, under docs/product.md §9's rules, and the
 * editor page has one notification region instead of two.
 */
import { toast as showToast } from '@web/components/ui/use-toast';

export function toast(message: string) {
  showToast({ title: message });
}

/** The app's Toaster (web/app/lazy-toaster.tsx) shows the editor's toasts. */
export function Toaster() {
  return null;
}
