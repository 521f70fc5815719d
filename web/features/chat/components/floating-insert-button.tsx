import { FileInput } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { Button } from '@web/components/ui/button';

type Position = { x: number; y: number; text: string };

type FloatingInsertButtonProps = {
  /** Selections inside this element count; the rest of the page is ignored. */
  containerRef: RefObject<HTMLElement | null>;
  disabled: boolean;
  onInsert: (text: string) => void;
};

/**
 * docs/product.md §2: selecting text inside the chat messages shows an 'Insert' button at the pointer that
 * puts that text into the document.
 */
export function FloatingInsertButton({ containerRef, disabled, onInsert }: FloatingInsertButtonProps) {
  const [at, setAt] = useState<Position | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const onMouseUp = (event: MouseEvent) => {
      // Let the browser finish the selection (a double click selects on mouseup) before reading it.
      requestAnimationFrame(() => {
        const selection = window.getSelection();
        const text = selection?.toString().trim() ?? '';
        const inside = selection && selection.rangeCount > 0 && container.contains(selection.getRangeAt(0).commonAncestorContainer);
        setAt(text && inside ? { x: event.clientX, y: event.clientY, text } : null);
      });
    };
    const hideWhenCleared = () => {
      if (!window.getSelection()?.toString().trim()) setAt(null);
    };
    const hide = () => setAt(null);
    container.addEventListener('mouseup', onMouseUp);
    container.addEventListener('scroll', hide);
    document.addEventListener('selectionchange', hideWhenCleared);
    return () => {
      container.removeEventListener('mouseup', onMouseUp);
      container.removeEventListener('scroll', hide);
      document.removeEventListener('selectionchange', hideWhenCleared);
    };
  }, [containerRef]);

  if (!at) return null;
  return (
    <Button
      size="sm"
      data-testid="floating-insert"
      className="fixed z-50 h-8 -translate-x-1/2 -translate-y-[calc(100%+8px)] px-3 shadow-lg"
      style={{ left: at.x, top: at.y }}
      disabled={disabled}
      // Pressing the button must not clear the very selection it inserts.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        onInsert(at.text);
        window.getSelection()?.removeAllRanges();
        setAt(null);
      }}
    >
      <FileInput aria-hidden="true" />
      Insert
    </Button>
  );
}
