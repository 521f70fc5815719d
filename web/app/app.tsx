import { Toaster } from '@web/components/ui/toaster';
import { Providers } from './providers';
import { AppRouter } from './router';

export function App() {
  return (
    <Providers>
      <AppRouter />
      <Toaster />
    </Providers>
  );
}
