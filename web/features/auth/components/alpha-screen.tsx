import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Logo } from '@web/components/ui/logo';
import { PRODUCT_NAME } from '@web/lib/brand';
import { AuthTabs } from './auth-tabs';

/** docs/product.md §2's alpha tester screen: one centred card with the sign-in / sign-up tabs. */
export function AlphaScreen() {
  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-br from-slate-50 via-white to-blue-50 px-4 py-10">
      <div className="w-full max-w-md space-y-6">
        <Link href="/" className="mx-auto flex w-fit" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </Link>
        <Card className="shadow-lg">
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold tracking-tight">Alpha Tester Access</h1>
            <CardDescription>Early access to {PRODUCT_NAME} for invited testers.</CardDescription>
          </CardHeader>
          <CardContent>
            <AuthTabs variant="alpha" redirectTo="/" />
          </CardContent>
        </Card>
        <Link
          href="/"
          className="mx-auto flex w-fit items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
      </div>
    </main>
  );
}
