import type { ReactNode } from 'react';
import { greeting } from '../lib/greeting';
import { RecentActivity } from './recent-activity';

type HomeViewProps = {
  firstName: string;
  /** 'Recent Files' when documents exist, 'Start with a Template' when none do; null while loading. */
  cardsTitle: string | null;
  /** Up to 3 document or template cards, then the upload card. */
  cards: ReactNode;
  recentDocuments: ReactNode;
};

/** docs/product.md §2 Home view: a greeting, the 4-card grid, Recent Documents and Recent Activity. */
export function HomeView({ firstName, cardsTitle, cards, recentDocuments }: HomeViewProps) {
  return (
    <div className="grid gap-8">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">
          {greeting(new Date().getHours())}, {firstName}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Pick up where you left off, or start something new.</p>
      </div>
      <section className="grid gap-3" aria-busy={cardsTitle === null}>
        <h3 className="min-h-6 font-semibold">{cardsTitle}</h3>
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">{cards}</div>
      </section>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">{recentDocuments}</div>
        <div className="lg:col-span-2">
          <RecentActivity />
        </div>
      </div>
    </div>
  );
}

/** A card-sized grey block while the grid's data loads. */
export function CardSkeleton() {
  return <div className="h-48 animate-pulse rounded-xl border bg-muted/60" aria-hidden="true" />;
}
