import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

/**
 * End-to-end journeys in Debian's Chromium against the real server (tests/support/server-process.ts).
 * Run through `node scripts/e2e.mjs`, which builds the web app first. Never `npx playwright
 * install`: the browser comes from the system package.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // The journeys share one server per worker, and two cores have no room for more.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: process.env.CI !== undefined,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
