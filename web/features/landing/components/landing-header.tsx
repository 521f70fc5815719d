import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Logo } from '@web/components/ui/logo';
import { PRODUCT_NAME } from '@web/lib/brand';

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link href="/" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </Link>
        <nav className="flex items-center gap-2" aria-label="Main">
          <Button asChild variant="ghost" size="sm">
            <Link href="/auth">Sign In</Link>
          </Button>
          <Button asChild size="sm">
            <Link href="/waitlist">Join Waitlist</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
