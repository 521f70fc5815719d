import { ArrowLeft, FileText, ShieldCheck, Sparkles, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Logo } from '@web/components/ui/logo';
import { PRODUCT_NAME } from '@web/lib/brand';
import { AuthTabs } from './auth-tabs';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <Sparkles />,
    title: 'Advanced Editing',
    text: 'Select a passage and have it rewritten, simplified or proofread, with its formatting kept.',
  },
  {
    icon: <Users />,
    title: 'Real-time Collaboration',
    text: 'Work on the same documents as your team and pick up where they left off.',
  },
  {
    icon: <ShieldCheck />,
    title: 'Secure & Private',
    text: 'Your documents are yours alone: nobody else can open, download or change them.',
  },
];

/**
 * docs/product.md §2's combined sign-in / sign-up screen: at /auth, and in place of a page that needs sign-in
 * (then `redirectTo` brings the person back to that page).
 */
export function AuthScreen({ redirectTo = '/' }: { redirectTo?: string }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-slate-50 via-white to-blue-50">
      <header className="border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Link href="/" aria-label={`${PRODUCT_NAME} home`}>
            <Logo />
          </Link>
          <Link
            href="/"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
        </div>
      </header>

      <main className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:py-16">
        <section className="order-2 space-y-8 lg:order-1" aria-labelledby="auth-marketing-title">
          <div className="space-y-4">
            <span className="inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-xs font-medium text-primary">
              <FileText className="size-3.5" aria-hidden="true" />
              AI writing assistant for Word documents
            </span>
            <h1 id="auth-marketing-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Transform Your Documents with Advanced Editing
            </h1>
            <p className="max-w-prose text-lg text-muted-foreground">
              {PRODUCT_NAME} rewrites the text you select and leaves the rest of your document, and its formatting, as it
              was.
            </p>
          </div>
          <ul className="space-y-5">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="flex gap-4">
                <span
                  className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5"
                  aria-hidden="true"
                >
                  {feature.icon}
                </span>
                <div>
                  <h2 className="font-semibold">{feature.title}</h2>
                  <p className="text-sm text-muted-foreground">{feature.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section className="order-1 lg:order-2">
          <Card className="mx-auto w-full max-w-md shadow-lg">
            <CardHeader className="text-center">
              <h2 className="text-2xl font-semibold tracking-tight">Welcome to {PRODUCT_NAME}</h2>
              <CardDescription>Sign in to your account or create a new one.</CardDescription>
            </CardHeader>
            <CardContent>
              <AuthTabs variant="auth" redirectTo={redirectTo} />
            </CardContent>
          </Card>
        </section>
      </main>
    </div>
  );
}
