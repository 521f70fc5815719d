import { ArrowRight, PlayCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { PRODUCT_NAME } from '@web/lib/brand';
import { useTypedWord } from '../hooks/use-typed-word';

const WORDS = ['Magic', 'Insights', 'Support'] as const;

export function LandingHero() {
  const word = useTypedWord(WORDS);

  return (
    <section className="mx-auto flex max-w-4xl flex-col items-center px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28">
      <span className="mb-6 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
        Now in alpha · for law firms, educators and copy editors
      </span>
      <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">
        <span className="sr-only">With AI {WORDS.join(', ')}.</span>
        <span aria-hidden="true">
          With AI <span className="text-primary" data-testid="typed-word">{word}</span>
          <span className="ml-0.5 inline-block w-[3px] animate-[caret-blink_1s_step-end_infinite] bg-primary align-[-0.1em] text-transparent">
            |
          </span>
          .
        </span>
      </h1>
      <p className="mt-6 max-w-2xl text-lg text-balance text-muted-foreground">
        {PRODUCT_NAME} rewrites the passages you select in your Word documents and keeps every bit of their formatting.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg" variant="outline">
          <a href="#demo">
            <PlayCircle aria-hidden="true" />
            Demo
          </a>
        </Button>
        <Button asChild size="lg">
          <Link href="/waitlist">
            Join the Waitlist
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
