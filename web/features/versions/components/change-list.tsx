import { ChevronDown, ChevronUp } from 'lucide-react';
import { useRef, useState } from 'react';
import type { ParagraphDiff } from '@common/schemas/versions';
import { Button } from '@web/components/ui/button';
import { ParagraphChange } from './paragraph-change';

/**
 * The changed paragraphs, with Previous/Next change moving the view and the keyboard focus to
 * each in turn, so a long document's few changes are found without scrolling past the rest.
 */
export function ChangeList({ paragraphs }: { paragraphs: ParagraphDiff[] }) {
  const [current, setCurrent] = useState<number | null>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const n = paragraphs.length;

  const go = (index: number) => {
    setCurrent(index);
    const item = items.current[index];
    // jsdom has no scrollIntoView; a browser scrolls smoothly, then focus must not jump again.
    item?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    item?.focus({ preventScroll: true });
  };

  if (n === 0) return <p className="text-sm text-muted-foreground">The two versions have the same text and formatting.</p>;
  return (
    <div className="grid gap-4">
      <nav aria-label="Changes" className="sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b bg-background/95 py-2 backdrop-blur">
        <Button variant="outline" size="sm" onClick={() => go(current === null ? n - 1 : current - 1)} disabled={current === 0}>
          <ChevronUp aria-hidden="true" />
          Previous change
        </Button>
        <Button variant="outline" size="sm" onClick={() => go(current === null ? 0 : current + 1)} disabled={current === n - 1}>
          <ChevronDown aria-hidden="true" />
          Next change
        </Button>
        <p role="status" className="text-sm text-muted-foreground" data-testid="change-position">
          {current === null ? `${n} ${n === 1 ? 'change' : 'changes'}` : `Change ${current + 1} of ${n}`}
        </p>
      </nav>
      <ol aria-label="Changed paragraphs" className="grid gap-3">
        {paragraphs.map((diff, i) => (
          <ParagraphChange
            key={`${diff.part}:${diff.kind}:${i}`}
            diff={diff}
            selected={i === current}
            ref={(el) => {
              items.current[i] = el;
            }}
          />
        ))}
      </ol>
    </div>
  );
}
