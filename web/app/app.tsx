import { LazyToaster } from './lazy-toaster';
import { Providers } from './providers';
import { AppRouter } from './router';

export function App() {
  return (
    <Providers>
      <AppRouter />
      <LazyToaster />
    </Providers>
  );
}
