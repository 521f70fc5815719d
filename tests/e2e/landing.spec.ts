/**
 * The public landing page (docs/decisions/011-landing-page-budget.md): the typed hero at docs/product.md §9's timings, the scripted demo for
 * each sample with no network at all, the head tags, and the phone width. Time is Playwright's
 * paused clock, so every delay is checked to the millisecond without waiting for it.
 */
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { screenshotPath } from './support/journeys';

const typedWord = (page: Page) => page.getByTestId('typed-word');

/**
 * Opens a page with its timers standing still until the test moves time on with `runFor`. The
 * first load needs time to pass (React Query hands results over on a 0 ms timer), so it is moved
 * on 1 ms at a time until the heading shows: from then on the page's clock is exact.
 */
async function openPaused(page: Page, path: string) {
  await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
  await page.goto(path);
  await stepUntilVisible(page, page.getByRole('heading', { level: 1 }), 1);
}

/** Moves time on in small steps until `target` shows (React also reveals lazy parts on a timer). */
async function stepUntilVisible(page: Page, target: Locator, stepMs: number) {
  for (let i = 0; i < 500 && !(await target.isVisible()); i += 1) {
    await page.clock.runFor(stepMs);
    await page.waitForTimeout(20);
  }
  await expect(target).toBeVisible();
}

/** Lets React render what a fired timer changed, then checks nothing else has happened. */
async function stillShows(page: Page, text: string) {
  await page.waitForTimeout(60);
  await expect(typedWord(page)).toHaveText(text);
}

test('the hero types and deletes its words at 120 ms, 80 ms and the 1200 ms and 300 ms pauses', async ({ page }) => {
  await openPaused(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('With AI Magic, Insights, Support.');
  // The hero mounted within the last few steps of the load: its first letter comes 120 ms after.
  await page.clock.runFor(100);
  await stillShows(page, '');
  let waited = 100;
  while ((await typedWord(page).textContent()) === '' && waited < 130) {
    await page.clock.runFor(1);
    await page.waitForTimeout(30);
    waited += 1;
  }
  await expect(typedWord(page)).toHaveText('M');
  expect(waited).toBeGreaterThan(100);
  expect(waited).toBeLessThanOrEqual(120);

  for (const prefix of ['Ma', 'Mag', 'Magi', 'Magic']) {
    await page.clock.runFor(119);
    await stillShows(page, prefix.slice(0, -1));
    await page.clock.runFor(1);
    await expect(typedWord(page)).toHaveText(prefix);
  }
  // Held for 1200 ms, then the first letter goes 80 ms later. (A timer fires per step: the
  // next one is only set once React has rendered the last.)
  await page.clock.runFor(1200);
  await stillShows(page, 'Magic');
  await page.clock.runFor(79);
  await stillShows(page, 'Magic');
  await page.clock.runFor(1);
  await expect(typedWord(page)).toHaveText('Magi');
  for (const prefix of ['Mag', 'Ma', 'M', '']) {
    await page.clock.runFor(79);
    await stillShows(page, 'Magic'.slice(0, prefix.length + 1));
    await page.clock.runFor(1);
    await expect(typedWord(page)).toHaveText(prefix);
  }
  // 300 ms before the next word starts, then its first letter 120 ms later.
  await page.clock.runFor(300);
  await stillShows(page, '');
  await page.clock.runFor(119);
  await stillShows(page, '');
  await page.clock.runFor(1);
  await expect(typedWord(page)).toHaveText('I');
  // The heading's accessible name never changed while the letters did.
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('With AI Magic, Insights, Support.');
});

test('under reduced motion the hero shows the whole phrase and does not animate', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPaused(page, '/');
  await expect(typedWord(page)).toHaveText('Magic');
  await page.clock.runFor(10_000);
  await stillShows(page, 'Magic');
});

const SAMPLES = [
  {
    label: 'Contracts',
    action: 'Replace',
    removed: ['thirty (30) days', 'January 1, 2024'],
    added: ['fifteen (15) days', '2% early-payment discount', 'within ten (10) days', 'January 1, 2025'],
  },
  { label: 'Manuscripts', action: 'Replace', removed: ['It was a very dark and extremely stormy night'], added: ['The night was dark and stormy.'] },
  { label: 'Templates', action: 'Insert', removed: [], added: ['Confidentiality: we will keep everything you share with us confidential'] },
] as const;

for (const sample of SAMPLES) {
  test(`the ${sample.label} demo runs its whole script without one network request`, async ({ page }) => {
    await openPaused(page, '/');
    await page.getByRole('link', { name: 'Demo' }).click();
    const demo = page.locator('#demo');
    await stepUntilVisible(page, demo.getByRole('button', { name: 'Start the demo' }), 10);

    // From here to the redirect, the page must not touch the network at all.
    const requests: string[] = [];
    const record = (request: Request) => requests.push(`${request.method()} ${request.url()}`);
    page.on('request', record);

    await demo.getByRole('button', { name: sample.label }).click();
    await expect(demo.getByRole('button', { name: sample.label })).toHaveAttribute('aria-pressed', 'true');
    await demo.getByRole('button', { name: 'Start the demo' }).click();
    const input = demo.getByLabel('Message the AI assistant');
    await expect(input).toBeFocused();
    const send = demo.getByRole('button', { name: 'Send' });
    const log = demo.getByRole('log', { name: 'Demo chat' });
    await expect(log.getByRole('listitem')).toHaveCount(1); // the assistant's greeting
    await expect(send).toBeDisabled();
    await input.fill('   ');
    await expect(send).toBeDisabled();

    await demo.getByRole('button', { name: /^Try:/ }).click();
    await expect(send).toBeEnabled();
    await send.click();
    await expect(log.getByRole('listitem')).toHaveCount(3); // the greeting, the request, 'Thinking...'
    await expect(log.getByRole('status')).toHaveText('Thinking...');
    await input.fill('another request');
    await expect(send).toBeDisabled(); // a reply is pending

    await page.clock.runFor(1499);
    await page.waitForTimeout(60);
    await expect(log.getByRole('button', { name: sample.action })).toHaveCount(0);
    await page.clock.runFor(1);
    const apply = log.getByRole('button', { name: sample.action });
    await expect(apply).toBeVisible();
    await input.fill('');

    await apply.click();
    await expect(log.getByText('The text has been updated in the document.')).toBeVisible();
    await expect(apply).toBeDisabled();
    const inserted = demo.getByTestId('demo-inserted');
    for (const text of sample.added) await expect(inserted).toContainText(text);
    if (sample.removed.length === 0) await expect(demo.getByTestId('demo-deleted')).toHaveCount(0);
    for (const text of sample.removed) await expect(demo.getByTestId('demo-deleted')).toContainText(text);
    if (sample.label === 'Contracts') {
      await page.screenshot({ path: screenshotPath('landing-demo-replaced') });
    }

    // 2 s after the second reply (the greeting was the first), the waitlist line is filled in.
    await page.clock.runFor(1999);
    await page.waitForTimeout(60);
    await expect(input).toHaveValue('');
    await page.clock.runFor(1);
    await expect(input).toHaveValue("I'm ready to join the waitlist!");

    // The chat holds 3 or more messages: this send goes to the waitlist 1 s later.
    await send.click();
    await page.clock.runFor(999);
    await page.waitForTimeout(60);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect(requests).toEqual([]);
    page.off('request', record);
    await page.clock.runFor(1);
    await expect(page).toHaveURL((url) => url.pathname === '/waitlist');
    await stepUntilVisible(page, page.getByRole('heading', { name: 'Join the Waitlist' }), 10);
  });
}

test('switching samples starts a fresh script and cancels the pending reply', async ({ page }) => {
  await openPaused(page, '/#demo');
  const demo = page.locator('#demo');
  await stepUntilVisible(page, demo.getByRole('button', { name: 'Start the demo' }), 10);
  await demo.getByRole('button', { name: 'Start the demo' }).click();
  await demo.getByRole('button', { name: /^Try:/ }).click();
  await demo.getByRole('button', { name: 'Send' }).click();
  await demo.getByRole('button', { name: 'Manuscripts' }).click();
  await page.clock.runFor(5000);
  await page.waitForTimeout(60);
  const log = demo.getByRole('log', { name: 'Demo chat' });
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log).toContainText("the chapter's first paragraph");
  await expect(demo.getByTestId('demo-selection')).toContainText('It was a very dark');
});

test('the demo is operable by keyboard alone, with visible focus', async ({ page }) => {
  await page.goto('/#demo');
  const demo = page.locator('#demo');
  const start = demo.getByRole('button', { name: 'Start the demo' });
  await expect(start).toBeVisible();
  // Until started, the demo underneath is out of the tab order: Tab goes from the samples to Start.
  await demo.getByRole('button', { name: 'Templates' }).focus();
  await page.keyboard.press('Tab');
  await expect(start).toBeFocused();
  const ring = await start.evaluate((el) => getComputedStyle(el).boxShadow);
  expect(ring).not.toBe('none');
  await page.keyboard.press('Enter');
  const input = demo.getByLabel('Message the AI assistant');
  await expect(input).toBeFocused();
  await page.keyboard.type('Make it shorter');
  await page.keyboard.press('Enter');
  await expect(demo.getByRole('log', { name: 'Demo chat' })).toContainText('Make it shorter');
  await expect(demo.getByRole('button', { name: 'Replace' })).toBeVisible();
  await demo.getByRole('button', { name: 'Replace' }).focus();
  await page.keyboard.press('Enter');
  await expect(demo.getByText('The text has been updated in the document.')).toBeVisible();
});

test('the head has a title, description, canonical and social card; the page has one h1 and landmarks', async ({ page, server }) => {
  const scripts: string[] = [];
  const api: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/') && api.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A visitor without a session cookie is signed out: the page is drawn without asking (web-shell.ts).
  expect(api).toEqual([]);
  await expect(page).toHaveTitle(/^Redraft: /);
  const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
  expect((await meta('meta[name="description"]'))?.length).toBeGreaterThan(50);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${server.url}/`);
  expect(await meta('meta[property="og:url"]')).toBe(`${server.url}/`);
  expect(await meta('meta[property="og:title"]')).toContain('Redraft');
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  const image = await meta('meta[property="og:image"]');
  expect(image).toBe(`${server.url}/social-card.png`);
  const card = await page.request.get(image!);
  expect(card.headers()['content-type']).toBe('image/png');

  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  // The landing page loads none of the editor, the workspace or the admin board.
  expect(scripts.filter((s) => /editor|workspace|admin|signed-in-home|app-shell/i.test(s))).toEqual([]);
});

test('at 375 px wide nothing scrolls sideways; screenshots at 1280 and 375', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: screenshotPath('landing-1280'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('link', { name: 'Demo' }).click();
  await page.locator('#demo').getByRole('button', { name: 'Start the demo' }).click();
  await page.locator('#demo').getByRole('button', { name: /^Try:/ }).click();
  await page.locator('#demo').getByRole('button', { name: 'Send' }).click();
  await page.locator('#demo').getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByTestId('demo-inserted')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: screenshotPath('landing-375'), fullPage: true });
  await page.locator('#demo').screenshot({ path: screenshotPath('landing-demo-replaced-375') });
});

test('forms validate without breaking the content security policy (no eval)', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.sourceFile}`));
  });
  await page.goto('/waitlist');
  await page.getByRole('button', { name: 'Join the Waitlist' }).click();
  await expect(page.getByText('Please tell us a bit more about your use case')).toBeVisible();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
