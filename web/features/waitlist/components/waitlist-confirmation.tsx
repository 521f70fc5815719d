import { ArrowLeft, BellRing, CheckCircle2, Sparkles, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { WaitlistJoined } from '@common/schemas/waitlist';
import { Button } from '@web/components/ui/button';
import { CardContent, CardDescription, CardHeader } from '@web/components/ui/card';

const NEXT_STEPS = [
  { icon: BellRing, text: "We'll email you as soon as a spot opens up." },
  { icon: Sparkles, text: "You'll get early access to new features as they ship." },
  { icon: Users, text: "You'll join a community of early adopters shaping the product." },
];

type WaitlistConfirmationProps = { joined: WaitlistJoined; name: string };

/** docs/product.md §2's view after a successful sign-up: the place in line, the next steps, the way home. */
export function WaitlistConfirmation({ joined, name }: WaitlistConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in is gone; put them (and a screen reader) on what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <>
      <CardHeader className="items-center text-center">
        <span className="grid size-12 place-items-center rounded-full bg-success/10 text-success" aria-hidden="true">
          <CheckCircle2 className="size-6" />
        </span>
        <h1 ref={headingRef} tabIndex={-1} className="mt-2 text-2xl font-semibold tracking-tight outline-none">
          You're All Set!
        </h1>
        <CardDescription className="text-base break-words">
          {joined.alreadyJoined ? joined.message : `Thanks, ${name}! You're #${joined.position} in line.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="waitlist-next-steps" className="rounded-lg bg-muted/50 p-4">
          <h2 id="waitlist-next-steps" className="mb-3 text-sm font-semibold">
            What happens next
          </h2>
          <ul className="grid gap-3">
            {NEXT_STEPS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-sm">
                <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </section>
        <Button asChild variant="outline" className="w-full">
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </CardContent>
    </>
  );
}
