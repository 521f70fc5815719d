/**
 * The app's one toast store (docs/product.md §2 Notifications, 9): at most TOAST_LIMIT toasts, newest first.
 * A module-level store rather than a context, so a mutation callback can toast without a hook.
 */
import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT } from '@common/limits';

export type ToastVariant = 'default' | 'destructive';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type ToastItem = ToastInput & { id: string; open: boolean };

/** docs/product.md §9. A closed toast is already invisible; this only bounds how long its entry lingers. */
const REMOVE_DELAY_MS = 1_000_000;
const RELOAD_KEY = 'redraft:toast-after-reload';

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput) {
  counter += 1;
  const id = String(counter);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: string) {
  publish(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    publish(toasts.filter((t) => t.id !== id));
  }, REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/**
 * For a toast announcing a full page load (signed in, account created): a toast shown now would
 * vanish with the old page, so it is kept in sessionStorage and shown once the new page mounts.
 */
export function toastAfterReload(input: ToastInput) {
  try {
    sessionStorage.setItem(RELOAD_KEY, JSON.stringify(input));
  } catch {
    toast(input); // Storage blocked: show it now rather than not at all.
  }
}

export function showToastSavedForReload() {
  let saved: string | null;
  try {
    saved = sessionStorage.getItem(RELOAD_KEY);
    sessionStorage.removeItem(RELOAD_KEY);
  } catch {
    return;
  }
  if (!saved) return;
  try {
    const input = JSON.parse(saved) as Partial<ToastInput>;
    if (typeof input.title === 'string') toast({ title: input.title, description: input.description, variant: input.variant });
  } catch {
    // A corrupted entry is dropped: it was only a courtesy message.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts);
}
