import { WaitlistScreen } from '@web/features/waitlist/components/waitlist-screen';
import { usePageTitle } from '@web/lib/use-page-title';

export function WaitlistRoute() {
  usePageTitle('Join the Waitlist');
  return <WaitlistScreen />;
}
