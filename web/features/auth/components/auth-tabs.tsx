import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type AuthTab = 'login' | 'register';

type AuthTabsProps = {
  redirectTo: string;
  /** 'alpha' gives each tab the title and text of docs/product.md §2's alpha screen. */
  variant: 'auth' | 'alpha';
};

/** The 'Sign In' / 'Sign Up' tabs shared by /auth, /alpha and the in-place sign-in screen. */
export function AuthTabs({ redirectTo, variant }: AuthTabsProps) {
  const [tab, setTab] = useState<AuthTab>('login');
  const [signInEmail, setSignInEmail] = useState('');

  const showSignIn = (email: string) => {
    setSignInEmail(email);
    setTab('login');
  };

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="login">Sign In</TabsTrigger>
        <TabsTrigger value="register">Sign Up</TabsTrigger>
      </TabsList>
      <TabsContent value="login">
        {variant === 'alpha' && <TabIntro title="Sign In" text="Welcome back! Please sign in to continue." />}
        <SignInForm key={signInEmail} redirectTo={redirectTo} defaultEmail={signInEmail} />
      </TabsContent>
      <TabsContent value="register">
        {variant === 'alpha' && <TabIntro title="Create Account" text="Join our alpha testing program" />}
        <SignUpForm redirectTo={redirectTo} onCreatedWithoutSignIn={showSignIn} />
      </TabsContent>
    </Tabs>
  );
}

function TabIntro({ title, text }: { title: string; text: string }) {
  return (
    <div className="mb-5 space-y-1">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
