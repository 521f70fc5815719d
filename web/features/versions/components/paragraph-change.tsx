import type { Ref } from 'react';
import type { ParagraphDiff } from '@common/schemas/versions';
import { cn } from '@web/lib/utils';

type WordOp = { op: 'equal' | 'insert' | 'delete'; text: string };

/**
 * Inserted and deleted text is told apart by more than colour: underline and strike-through,
 * <ins> and <del> (which assistive technology can announce), and hidden words saying which.
 */
function Inserted({ text }: { text: string }) {
  return (
    <ins className="rounded-sm bg-green-100 text-green-900 underline decoration-2 underline-offset-2">
      <span className="sr-only">inserted: </span>
      {text}
    </ins>
  );
}

function Deleted({ text }: { text: string }) {
  return (
    <del className="rounded-sm bg-red-100 text-red-900 line-through decoration-2">
      <span className="sr-only">deleted: </span>
      {text}
    </del>
  );
}

function Words({ words }: { words: WordOp[] }) {
  return words.map((w, i) => (w.op === 'insert' ? <Inserted key={i} text={w.text} /> : w.op === 'delete' ? <Deleted key={i} text={w.text} /> : <span key={i}>{w.text}</span>));
}

/** What the change is, in the words shown above it. */
export function changeLabel(diff: ParagraphDiff): string {
  switch (diff.kind) {
    case 'changed':
      return diff.words.every((w) => w.op === 'equal') ? 'Formatting only' : 'Changed';
    case 'inserted':
      return 'Inserted';
    case 'deleted':
      return 'Deleted';
    case 'moved':
      return 'Moved';
  }
}

function where(diff: ParagraphDiff): string {
  switch (diff.kind) {
    case 'changed':
    case 'inserted':
      return `paragraph ${diff.indexB + 1}`;
    case 'deleted':
      return `was paragraph ${diff.indexA + 1}`;
    case 'moved':
      return `from paragraph ${diff.indexA + 1} to paragraph ${diff.indexB + 1}`;
  }
}

type ParagraphChangeProps = { diff: ParagraphDiff; selected: boolean; ref?: Ref<HTMLLIElement> };

/** One paragraph that differs. Focusable (not tabbable) so Previous/Next change can move to it. */
export function ParagraphChange({ diff, selected, ref }: ParagraphChangeProps) {
  const label = changeLabel(diff);
  return (
    <li
      ref={ref}
      tabIndex={-1}
      data-testid="paragraph-change"
      className={cn(
        'grid scroll-my-24 gap-2 rounded-lg border bg-card p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'border-primary ring-2 ring-primary/30',
      )}
    >
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {label} · {where(diff)}
        {diff.part !== 'word/document.xml' && ` · ${partName(diff.part)}`}
      </p>
      <p className="leading-relaxed whitespace-pre-wrap">
        {diff.kind === 'inserted' && <Inserted text={diff.text} />}
        {diff.kind === 'deleted' && <Deleted text={diff.text} />}
        {diff.kind === 'changed' && <Words words={diff.words} />}
        {diff.kind === 'moved' && (diff.words.some((w) => w.op !== 'equal') ? <Words words={diff.words} /> : diff.text)}
      </p>
      {diff.kind === 'changed' && diff.formatting.length > 0 && (
        <p className="text-sm text-muted-foreground">Formatting changed: {diff.formatting.join(', ')}</p>
      )}
    </li>
  );
}

/** 'word/header1.xml' → 'header', for a change outside the body. */
const partName = (part: string) => /word\/([a-z]+)/i.exec(part)?.[1] ?? part;
