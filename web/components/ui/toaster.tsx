import { TOAST_DURATION_MS } from '@common/limits';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { dismissToast, useToasts } from './use-toast';

/** docs/product.md §9: swipe right past 50 px to dismiss. */
const SWIPE_THRESHOLD_PX = 50;

export function Toaster() {
  const toasts = useToasts();

  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant, open }) => (
        <Toast key={id} variant={variant} open={open} onOpenChange={(next) => !next && dismissToast(id)}>
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      {/* A stable handle for the journeys: the region's name carries its hotkey, "Notifications (F8)". */}
      <ToastViewport data-testid="toasts" />
    </ToastProvider>
  );
}
