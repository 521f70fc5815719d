import { ArrowLeft, Mail } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { WaitlistJoined } from '@common/schemas/waitlist';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Logo } from '@web/components/ui/logo';
import { PRODUCT_NAME } from '@web/lib/brand';
import { cn } from '@web/lib/utils';
import { WaitlistConfirmation } from './waitlist-confirmation';
import { WaitlistForm } from './waitlist-form';

/** The same ring as the buttons and fields, so a keyboard user sees where they are on the links too. */
const LINK_FOCUS = 'rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none';

type Joined = { joined: WaitlistJoined; name: string };

/** docs/product.md §2's waitlist screen: one centred card holding the form, then the confirmation. */
export function WaitlistScreen() {
  const [result, setResult] = useState<Joined | null>(null);

  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-br from-slate-50 via-white to-blue-50 px-4 py-10">
      <div className="w-full max-w-lg space-y-6">
        <Link href="/" className={cn('mx-auto flex w-fit', LINK_FOCUS)} aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </Link>
        <Card className="shadow-lg">
          {result ? (
            <WaitlistConfirmation joined={result.joined} name={result.name} />
          ) : (
            <>
              <CardHeader className="items-center text-center">
                <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary" aria-hidden="true">
                  <Mail className="size-6" />
                </span>
                <h1 className="mt-2 text-2xl font-semibold tracking-tight">Join the Waitlist</h1>
                <CardDescription>
                  Be among the first to edit Word documents with an AI assistant at your side.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <WaitlistForm onJoined={(joined, input) => setResult({ joined, name: input.name })} />
              </CardContent>
            </>
          )}
        </Card>
        {!result && (
          <Link
            href="/"
            className={cn('mx-auto flex w-fit items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground', LINK_FOCUS)}
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
        )}
      </div>
    </main>
  );
}
