import { Link } from 'wouter';
import { PRODUCT_NAME } from '@web/lib/brand';
import { LandingHeader } from './landing-header';
import { LandingHero } from './landing-hero';
import { LandingSections } from './landing-sections';

/** The public page at / for signed-out visitors (docs/product.md §2, Public landing page). */
export function LandingPage() {
  return (
    <div className="min-h-screen bg-background">
      <LandingHeader />
      <main>
        <LandingHero />
        <LandingSections />
      </main>
      <footer className="border-t py-8">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </p>
          <nav className="flex gap-6" aria-label="Footer">
            <Link href="/alpha" className="hover:text-foreground">
              Alpha testers
            </Link>
            <Link href="/auth" className="hover:text-foreground">
              Sign in
            </Link>
            <Link href="/waitlist" className="hover:text-foreground">
              Waitlist
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
