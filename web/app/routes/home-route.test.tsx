import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../tests/support/component';

/** The shell's hint as server/http/web-shell.ts writes it for a request without a session cookie. */
function serveShellWithHint() {
  const meta = document.createElement('meta');
  meta.name = 'redraft-session';
  meta.content = 'none';
  document.head.append(meta);
}

const unauthorized = () => jsonResponse({ error: { code: 'unauthorized', message: 'Sign in to continue.' } }, 401);

/** HomeRoute as the app loads it on this page: session-hint.ts reads the shell when first imported. */
async function loadHomeRoute() {
  vi.resetModules();
  return (await import('./home-route')).HomeRoute;
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  document.head.querySelector('meta[name="redraft-session"]')?.remove();
  vi.unstubAllGlobals();
});

it('draws the landing page at once, without asking the server, for a visitor the server saw without a session', async () => {
  serveShellWithHint();
  const fetchMock = stubFetch(() => undefined);
  const HomeRoute = await loadHomeRoute();
  renderWithProviders(<HomeRoute />);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^With AI/);
  expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/auth/user'))).toEqual([]);
});

it('asks the server when the page came without the hint', async () => {
  const fetchMock = stubFetch((url) => (url.endsWith('/api/auth/user') ? unauthorized() : undefined));
  const HomeRoute = await loadHomeRoute();
  renderWithProviders(<HomeRoute />);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toMatch(/^With AI/);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('trusts the hint once: coming back to / later in the tab (after signing in, say) asks the server', async () => {
  serveShellWithHint();
  const fetchMock = stubFetch((url) => (url.endsWith('/api/auth/user') ? unauthorized() : undefined));
  const HomeRoute = await loadHomeRoute();
  renderWithProviders(<HomeRoute />).unmount();
  expect(fetchMock).not.toHaveBeenCalled();
  renderWithProviders(<HomeRoute />);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toMatch(/^With AI/);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('ignores the hint on a page other than / (it describes the page it was served with)', async () => {
  window.history.replaceState(null, '', '/auth');
  serveShellWithHint();
  const fetchMock = stubFetch((url) => (url.endsWith('/api/auth/user') ? unauthorized() : undefined));
  const HomeRoute = await loadHomeRoute();
  window.history.replaceState(null, '', '/');
  renderWithProviders(<HomeRoute />);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toMatch(/^With AI/);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
