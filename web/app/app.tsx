import { LazyToaster } from './lazy-toaster';
import { AppRouter } from './router';

export function App() {
  return (
    <>
      <AppRouter />
      <LazyToaster />
    </>
  );
}
