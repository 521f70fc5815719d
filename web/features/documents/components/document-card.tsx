import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@web/lib/utils';
import { type CardTheme, cardTheme } from '../lib/card-theme';

type DocumentCardProps = {
  /** The original file name (or the template's name); it also picks the colour theme. */
  name: string;
  /** The line under the name, e.g. the relative upload time. */
  meta: string;
  /** The status text, or 'Template' for a template card. */
  label: string;
  /** Shown on hover over the label, e.g. why processing failed. */
  labelTitle?: string;
  /** A failed document's label reads in red rather than in the card's theme colour. */
  labelTone?: 'theme' | 'destructive';
  href?: string;
  onClick?: () => void;
  disabled?: boolean;
};

const cardClass =
  'group flex h-48 flex-col overflow-hidden rounded-xl border bg-card text-left shadow-sm transition outline-none hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60';

/** docs/product.md §2 Document card: 48 units tall, a page-like thumbnail, the name, a time and the status or 'Template'. */
export function DocumentCard({ name, meta, label, labelTitle, labelTone = 'theme', href, onClick, disabled }: DocumentCardProps) {
  const theme = cardTheme(name);
  const labelClass = labelTone === 'destructive' ? 'text-destructive' : theme.text;
  const body = <CardBody name={name} meta={meta} label={label} labelTitle={labelTitle} labelClass={labelClass} theme={theme} />;
  if (href) {
    return (
      <Link href={href} className={cardClass} data-testid="document-card" data-theme={theme.name}>
        {body}
      </Link>
    );
  }
  return (
    <button type="button" onClick={onClick} disabled={disabled} className={cardClass} data-testid="document-card" data-theme={theme.name}>
      {body}
    </button>
  );
}

type CardBodyProps = { name: string; meta: string; label: string; labelTitle?: string; labelClass: string; theme: CardTheme };

function CardBody({ name, meta, label, labelTitle, labelClass, theme }: CardBodyProps) {
  return (
    <>
      <div className={cn('relative flex min-h-0 flex-1 justify-center overflow-hidden px-6 pt-4', theme.surface)}>
        <PageThumbnail theme={theme} />
      </div>
      <div className="border-t bg-card px-3 py-2.5">
        <p className="truncate text-sm font-medium" title={name}>
          {name}
        </p>
        <p className="mt-0.5 flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <span className="truncate">{meta}</span>
          <span className={cn('shrink-0 font-medium', labelClass)} title={labelTitle}>
            {label}
          </span>
        </p>
      </div>
    </>
  );
}

/** A sheet of paper peeking up from the card's bottom edge: a heading bar, then lines of text. */
function PageThumbnail({ theme }: { theme: CardTheme }) {
  return (
    <div
      aria-hidden="true"
      className="w-24 rounded-t-md bg-white px-2.5 pt-3 shadow-[0_1px_3px_rgb(0_0_0/0.12),0_4px_12px_rgb(0_0_0/0.06)] transition-transform group-hover:-translate-y-1"
    >
      <div className={cn('h-1.5 w-3/4 rounded-full', theme.accent)} />
      <Lines>
        <Line className="w-full" />
        <Line className="w-11/12" />
        <Line className="w-full" />
        <Line className="w-2/3" />
      </Lines>
      <div className={cn('mt-2.5 h-1 w-1/2 rounded-full opacity-60', theme.accent)} />
      <Lines>
        <Line className="w-full" />
        <Line className="w-5/6" />
        <Line className="w-full" />
      </Lines>
    </div>
  );
}

const Lines = ({ children }: { children: ReactNode }) => <div className="mt-2 space-y-1">{children}</div>;
const Line = ({ className }: { className: string }) => <div className={cn('h-1 rounded-full bg-slate-200', className)} />;
