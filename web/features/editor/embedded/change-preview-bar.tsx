import { Check, Eye, X } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { Button } from '@web/components/ui/button';
import type { PreviewShown } from '../editor-adapter';

type Point = { left: number; top: number };

/** The preview's painted boxes (change-preview.ts), not the copies in the editor's hidden input view. */
const PAINTED = '.paged-editor__decoration-overlay [data-change-preview]';
const SCROLLER = '.docx-editor__scroll-container';
/** Room between the change and the bar, and the bar's width, so it stays inside the pane. */
const GAP_PX = 6;
const BAR_WIDTH_PX = 320;
const QUOTE_MAX = 80;

const short = (text: string) => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX).trimEnd()}…` : text);

/**
 * Where the bar goes: just under the previewed change as painted over the page, in `frame`'s
 * coordinates; null while the change is not painted in view (the bar then sits at the pane's foot).
 * Followed as the pages scroll, re-render or resize.
 */
export function usePreviewAnchor(frame: RefObject<HTMLElement | null>, active: boolean): Point | null {
  const [at, setAt] = useState<Point | null>(null);
  useEffect(() => {
    const el = frame.current;
    if (!active || !el) {
      setAt(null);
      return;
    }
    let queued = 0;
    const measure = () => {
      queued = 0;
      const box = el.getBoundingClientRect();
      // The pages' viewport, below the editor's toolbar: a change scrolled under the toolbar is out of view.
      const pane = el.querySelector(SCROLLER)?.getBoundingClientRect() ?? box;
      const boxes = [...el.querySelectorAll(PAINTED)].map((node) => node.getBoundingClientRect()).filter((r) => r.width > 0 || r.height > 0);
      const bottom = Math.max(...boxes.map((r) => r.bottom));
      const inView = boxes.length > 0 && bottom > pane.top && bottom + GAP_PX < pane.bottom - 40;
      if (!inView) return setAt(null);
      const left = Math.min(...boxes.map((r) => r.left)) - box.left;
      setAt({ left: Math.max(8, Math.min(left, box.width - BAR_WIDTH_PX - 8)), top: bottom - box.top + GAP_PX });
    };
    const later = () => {
      if (!queued) queued = requestAnimationFrame(measure);
    };
    later();
    // The editor repaints its overlay after every transaction and layout.
    const painted = new MutationObserver(later);
    painted.observe(el, { childList: true, subtree: true });
    const resized = new ResizeObserver(later);
    resized.observe(el);
    el.addEventListener('scroll', later, true);
    return () => {
      cancelAnimationFrame(queued);
      painted.disconnect();
      resized.disconnect();
      el.removeEventListener('scroll', later, true);
    };
  }, [frame, active]);
  return at;
}

type ChangePreviewBarProps = {
  preview: PreviewShown;
  /** Under the change; null: at the foot of the pane. */
  at: Point | null;
  onAccept: () => void;
  onDiscard: () => void;
};

/**
 * Accept or Discard for the assistant's change previewed in the document, with why it is proposed
 * and, for screen readers and long changes, the two texts. Escape discards.
 */
export function ChangePreviewBar({ preview, at, onAccept, onDiscard }: ChangePreviewBarProps) {
  const { removed, added, reason } = preview;
  return (
    <div
      role="region"
      aria-label="Change preview"
      data-testid="change-preview"
      className="absolute z-30 grid w-80 gap-2 rounded-lg border bg-card p-2.5 text-sm shadow-lg"
      style={at ? { left: at.left, top: at.top } : { left: '50%', bottom: 16, transform: 'translateX(-50%)' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDiscard();
      }}
    >
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground" aria-live="polite">
        <Eye className="size-3.5 shrink-0" aria-hidden="true" />
        {reason ?? 'Preview of the change'}
      </p>
      <p className="text-xs break-words whitespace-pre-wrap">
        {removed && <del className="bg-destructive/10 text-destructive">{short(removed)}</del>}
        {removed && added && ' '}
        {added && <ins className="bg-success/15 underline decoration-success decoration-2">{short(added)}</ins>}
      </p>
      <div className="flex gap-2">
        <Button size="sm" className="h-8" onClick={onAccept}>
          <Check aria-hidden="true" />
          Accept
        </Button>
        <Button size="sm" variant="outline" className="h-8" onClick={onDiscard}>
          <X aria-hidden="true" />
          Discard
        </Button>
      </div>
    </div>
  );
}
