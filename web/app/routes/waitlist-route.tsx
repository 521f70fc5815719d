import { ArrowLeft, Mail } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Logo } from '@web/components/ui/logo';
import { PRODUCT_NAME } from '@web/lib/brand';
import { usePageTitle } from '@web/lib/use-page-title';

/** Stands in for the waitlist form until its issue lands. */
export function WaitlistRoute() {
  usePageTitle('Join the Waitlist');
  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-br from-slate-50 via-white to-blue-50 px-4 py-10">
      <div className="w-full max-w-lg space-y-6">
        <Link href="/" className="mx-auto flex w-fit" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </Link>
        <Card className="shadow-lg">
          <CardHeader className="items-center text-center">
            <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary" aria-hidden="true">
              <Mail className="size-6" />
            </span>
            <h1 className="mt-2 text-2xl font-semibold tracking-tight">Join the Waitlist</h1>
            <CardDescription>
              Sign-ups for early access open here very soon. Alpha testers can already sign in.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap justify-center gap-3">
            <Button asChild variant="outline">
              <Link href="/">
                <ArrowLeft aria-hidden="true" />
                Back to Home
              </Link>
            </Button>
            <Button asChild>
              <Link href="/alpha">Alpha Tester Access</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
