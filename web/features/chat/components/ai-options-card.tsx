import { BookOpen, FileText, PenLine, SpellCheck, Sparkles, Wand2, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatAction } from '@common/schemas/chat';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { CARD_ACTIONS } from '../lib/canned-requests';

/** docs/product.md §9: the card fades in and out over 0.2 s. */
const FADE_MS = 200;

const ICONS: Record<ChatAction, typeof BookOpen> = {
  explain: BookOpen,
  rewrite: PenLine,
  improve: Sparkles,
  simplify: Wand2,
  summarize: FileText,
  proofread: SpellCheck,
};

type AiOptionsCardProps = {
  open: boolean;
  selectedText: string;
  disabled: boolean;
  onAction: (action: ChatAction) => void;
  onClose: () => void;
};

/** docs/product.md §2 'AI Editing Options': the selection (two lines at most) and the six actions. */
export function AiOptionsCard({ open, selectedText, disabled, onAction, onClose }: AiOptionsCardProps) {
  const ref = useRef<HTMLElement>(null);
  // Stays mounted through the fade-out, showing the text it had, so it does not vanish mid-fade.
  const [mounted, setMounted] = useState(open);
  const [text, setText] = useState(selectedText);
  useEffect(() => {
    if (open) setText(selectedText);
  }, [open, selectedText]);
  useEffect(() => {
    if (open) setMounted(true);
  }, [open]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !mounted) return;
    const fade = el.animate(open ? [{ opacity: 0 }, { opacity: 1 }] : [{ opacity: 1 }, { opacity: 0 }], { duration: FADE_MS, easing: 'ease-out', fill: 'forwards' });
    if (!open) fade.onfinish = () => setMounted(false);
    return () => fade.cancel();
  }, [open, mounted]);

  if (!mounted) return null;
  return (
    <section
      ref={ref}
      aria-label="AI Editing Options"
      data-state={open ? 'open' : 'closed'}
      className={cn('mx-3 mb-3 rounded-xl border bg-card p-3 shadow-md', !open && 'pointer-events-none')}
    >
      <div className="mb-2 flex items-center gap-2">
        <Sparkles className="size-4 text-primary" aria-hidden="true" />
        <h3 className="text-sm font-semibold">AI Editing Options</h3>
        <Button variant="ghost" size="icon" className="ml-auto size-7" aria-label="Close AI Editing Options" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <p className="mb-3 line-clamp-2 rounded-md bg-muted px-2 py-1.5 text-xs text-muted-foreground italic" data-testid="options-selection">
        “{text}”
      </p>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-1.5">
        {CARD_ACTIONS.map(({ action, label }) => {
          const Icon = ICONS[action];
          return (
            <Button key={action} variant="outline" size="sm" className="h-8 justify-start px-2 text-xs" disabled={disabled} onClick={() => onAction(action)}>
              <Icon aria-hidden="true" />
              {label}
            </Button>
          );
        })}
      </div>
    </section>
  );
}
