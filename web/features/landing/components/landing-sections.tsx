import { GraduationCap, PenTool, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { LazyLandingDemo } from './lazy-landing-demo';

type Item = { icon: ReactNode; title: string; text: string };

const AUDIENCES: Item[] = [
  { icon: <Scale />, title: 'Law Firms', text: 'Redraft clauses in place; the defined terms and numbering stay put.' },
  { icon: <GraduationCap />, title: 'Educators', text: 'Simplify reading material and proofread handouts in minutes.' },
  { icon: <PenTool />, title: 'Copy Editors', text: 'Suggest rewrites that land exactly where you asked, in the same style.' },
];

/** The landing page's middle sections: the scripted demo, the audiences, the call to action. */
export function LandingSections() {
  return (
    <>
      <section id="demo" className="scroll-mt-20 border-y bg-muted/40 py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading title="See it on your kind of document" text="Pick a sample, ask the assistant for a change, and apply it." />
          <LazyLandingDemo />
        </div>
      </section>
      <section className="py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading title="Perfect for Every Professional" text="Built for people whose documents have to look right." />
          <ItemGrid items={AUDIENCES} />
        </div>
      </section>
      <section className="border-t bg-primary/5 py-16">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 text-center sm:px-6">
          <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Bring Your Own Document</h2>
          <p className="text-muted-foreground">Upload a .docx and see your own formatting survive every edit.</p>
          <Button asChild size="lg">
            <Link href="/waitlist">Get Early Access</Link>
          </Button>
        </div>
      </section>
    </>
  );
}

function SectionHeading({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h2>
      <p className="mt-3 text-muted-foreground">{text}</p>
    </div>
  );
}

function ItemGrid({ items }: { items: Item[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {items.map((item) => (
        <Card key={item.title}>
          <CardHeader>
            <span
              className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5"
              aria-hidden="true"
            >
              {item.icon}
            </span>
            <h3 className="mt-2 text-lg font-semibold">{item.title}</h3>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">{item.text}</CardContent>
        </Card>
      ))}
    </div>
  );
}
