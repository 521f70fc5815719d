/**
 * `test` for every journey: one real server per worker (starting one costs seconds, so journeys
 * share it and keep apart by using their own accounts), and `baseURL` pointing at it.
 * A journey that needs an empty instance (who becomes staff) asks for `freshServer`.
 * Every journey also fails on a script error or a console error (a CSP violation, a React
 * warning) unless it lists that message in `allowedConsoleErrors`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { type ServerOptions, TestServer } from '../../support/server-process';

type TestFixtures = {
  server: TestServer;
  freshServer: TestServer;
  allowedConsoleErrors: RegExp[];
  consoleGuard: void;
};
type WorkerFixtures = { sharedServer: TestServer };

/** The server serves dist/web only if it exists; without it every journey would meet a 404. */
export async function startWithWebApp(options: ServerOptions = {}) {
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../../dist/web/index.html'))) {
    throw new Error('dist/web is missing: run `node scripts/e2e.mjs`, which builds the web app first.');
  }
  return TestServer.start(options);
}

/** Chromium logs every non-2xx fetch; a 401 for a signed-out visitor is an answer, not a fault. */
const HTTP_STATUS_NOISE = /^Failed to load resource: the server responded with a status of/;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  sharedServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const server = await startWithWebApp();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  server: async ({ sharedServer }, use) => {
    await use(sharedServer);
  },
  freshServer: [
    // eslint-disable-next-line no-empty-pattern -- as above.
    async ({}, use) => {
      const server = await startWithWebApp();
      await use(server);
      await server.dispose();
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (HTTP_STATUS_NOISE.test(text) || allowedConsoleErrors.some((re) => re.test(text))) return;
        problems.push(`console error: ${text}`);
      });
      await use();
      expect(problems, 'the browser reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
