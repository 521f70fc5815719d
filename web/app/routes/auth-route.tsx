import { AuthScreen } from '@web/features/auth/components/auth-screen';
import { usePageTitle } from '@web/lib/use-page-title';

export function AuthRoute() {
  usePageTitle('Sign in');
  return <AuthScreen redirectTo="/" />;
}
