/**
 * Debian's Chromium, as every journey and benchmark launches it: headless, and doing nothing on
 * its own over the network. Never `npx playwright install`: the browser comes from the system.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** For `chromium.launch()` from playwright. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS };
