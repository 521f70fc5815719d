import { AlphaScreen } from '@web/features/auth/components/alpha-screen';
import { usePageTitle } from '@web/lib/use-page-title';

export function AlphaRoute() {
  usePageTitle('Alpha Tester Access');
  return <AlphaScreen />;
}
