import type { ReactElement } from 'react';
import { Tooltip } from 'radix-ui';

/** Shared by every tooltip in one subtree (a screen header, the chat panel). */
export function TooltipProvider({ children }: { children: ReactElement | ReactElement[] }) {
  return <Tooltip.Provider delayDuration={300}>{children}</Tooltip.Provider>;
}

type HintProps = {
  label: string;
  side?: 'top' | 'bottom';
  disabled?: boolean;
  children: ReactElement;
};

/**
 * A tooltip for an icon button. A disabled button gets no pointer events, so it is wrapped in a
 * focusable span that shows the hint instead (the attach button's 'coming soon').
 * Needs a TooltipProvider above it.
 */
export function Hint({ label, side = 'top', disabled = false, children }: HintProps) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{disabled ? <span tabIndex={0}>{children}</span> : children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content side={side} sideOffset={4} className="z-50 max-w-64 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow">
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
