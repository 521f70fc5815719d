/**
 * The waitlist screen (docs/product.md §2 and §5, 8): messages beside the fields, the toast and confirmation with
 * the place in line, the same place for the same email, the server's errors, script shown as
 * text, and the whole form by keyboard. Texts are docs/product.md's, written out, so a drift shows here.
 */
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { screenshotPath, toasts } from './support/journeys';

/** Real sign-ups count against 10 an hour per address on the shared server; only two tests make them there. */
const withOwnServer = test.extend({ server: async ({ freshServer }, use) => use(freshServer) });

const NAME_MESSAGE = 'Name must be at least 2 characters';
const EMAIL_MESSAGE = 'Please enter a valid email address';
const USE_CASE_MESSAGE = 'Please tell us a bit more about your use case';
const USE_CASE = 'Reviewing supplier contracts with the AI assistant.';
const NEXT_STEPS = [
  "We'll email you as soon as a spot opens up.",
  "You'll get early access to new features as they ship.",
  "You'll join a community of early adopters shaping the product.",
];

type Visitor = { name: string; email: string; company?: string; useCase: string };

let counter = 0;
/** An email no other journey on the shared server uses. */
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${++counter}@example.com`;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const USE_CASE_LABEL = 'How will you use Redraft?';
const submitButton = (page: Page) => page.getByRole('button', { name: 'Join the Waitlist' });

/** Every POST to /api/waitlist the page makes, so a test can say none was sent. */
function recordSignUps(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/waitlist') posts.push(request);
  });
  return posts;
}

async function fillForm(page: Page, visitor: Visitor) {
  await field(page, 'Full Name').fill(visitor.name);
  await field(page, 'Email Address').fill(visitor.email);
  await field(page, 'Company (Optional)').fill(visitor.company ?? '');
  await field(page, USE_CASE_LABEL).fill(visitor.useCase);
}

async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: window.innerWidth }));
  expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.client);
}

/** Screenshots at desktop width and at a 375 px phone, checking the phone has no sideways scroll. */
async function screenshotBothWidths(page: Page, name: string) {
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: screenshotPath(`${name}-375`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function expectConfirmation(page: Page, positionText: string) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText("You're All Set!");
  await expect(heading).toBeFocused();
  await expect(page.getByRole('main').getByText(positionText)).toBeVisible();
  for (const step of NEXT_STEPS) await expect(page.getByRole('listitem').filter({ hasText: step })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('button', { name: 'Join the Waitlist' })).toHaveCount(0);
}

test('the empty form shows each message beside its field and sends nothing', async ({ page }) => {
  const posts = recordSignUps(page);
  await page.goto('/waitlist');
  await expect(page).toHaveTitle('Join the Waitlist · Redraft');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the Waitlist');
  await expect(page.getByRole('link', { name: 'Redraft home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  await submitButton(page).click();
  // aria-describedby ties each message to its field, so a screen reader reads it with the label.
  await expect(field(page, 'Full Name')).toHaveAccessibleDescription(NAME_MESSAGE);
  await expect(field(page, 'Email Address')).toHaveAccessibleDescription(EMAIL_MESSAGE);
  await expect(field(page, USE_CASE_LABEL)).toHaveAccessibleDescription(USE_CASE_MESSAGE);
  await expect(field(page, 'Company (Optional)')).not.toHaveAttribute('aria-invalid');
  await expect(field(page, 'Full Name')).toBeFocused();
  await screenshotBothWidths(page, 'waitlist-errors');

  // Spaces alone are no name, an address needs its domain, and the schema's upper bounds speak too.
  await field(page, 'Full Name').fill('   ');
  await field(page, 'Email Address').fill('jane@');
  await field(page, 'Company (Optional)').fill('x'.repeat(201));
  await field(page, USE_CASE_LABEL).fill('too short');
  await submitButton(page).click();
  await expect(field(page, 'Full Name')).toHaveAccessibleDescription(NAME_MESSAGE);
  await expect(field(page, 'Email Address')).toHaveAccessibleDescription(EMAIL_MESSAGE);
  await expect(field(page, 'Company (Optional)')).toHaveAccessibleDescription('Company must be at most 200 characters');
  await expect(field(page, USE_CASE_LABEL)).toHaveAccessibleDescription(USE_CASE_MESSAGE);

  await field(page, 'Full Name').fill('x'.repeat(101));
  await field(page, USE_CASE_LABEL).fill('x'.repeat(2001));
  await submitButton(page).click();
  await expect(field(page, 'Full Name')).toHaveAccessibleDescription('Name must be at most 100 characters');
  await expect(field(page, USE_CASE_LABEL)).toHaveAccessibleDescription('Use case must be at most 2000 characters');

  expect(posts, 'a form with errors went to the server').toHaveLength(0);
});

withOwnServer('joining shows the place in line; the same email again shows the same place', async ({ page }) => {
  const posts = recordSignUps(page);
  await page.goto('/waitlist');
  await fillForm(page, { name: 'Jane Doe', email: 'jane@example.com', company: 'Doe & Partners', useCase: USE_CASE });

  // Hold the request until the pending state has been seen: a local server answers too fast to catch it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('/api/waitlist', async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/waitlist');
  await submitButton(page).click();
  const pending = page.getByRole('button', { name: 'Joining...' });
  await expect(pending).toBeDisabled();
  release();
  const response = await answered;
  expect(response.status()).toBe(201);
  const first = (await response.json()) as { position: number; alreadyJoined: boolean };
  // This server is new, so the visitor is first in line.
  expect(first).toMatchObject({ position: 1, alreadyJoined: false });

  await expect(toasts(page).getByText("You're on the waitlist!")).toBeVisible();
  await expect(toasts(page).getByText("You're #1 in line. We'll notify you when it's your turn.")).toBeVisible();
  await expectConfirmation(page, "Thanks, Jane Doe! You're #1 in line.");
  await screenshotBothWidths(page, 'waitlist-confirmation');
  await page.unroute('/api/waitlist');

  // The same address in other letters and with spaces around it is the same visitor.
  await page.goto('/waitlist');
  await fillForm(page, { name: 'Jane D.', email: '  JANE@Example.com ', useCase: USE_CASE });
  const againAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/waitlist');
  await submitButton(page).click();
  const again = await againAnswer;
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ position: first.position, alreadyJoined: true });
  const alreadyMessage = "This email is already on the waitlist. You're #1 in line.";
  await expect(toasts(page).getByText(alreadyMessage)).toBeVisible();
  await expectConfirmation(page, alreadyMessage);
  await page.screenshot({ path: screenshotPath('waitlist-already-joined'), fullPage: true });
  expect(posts).toHaveLength(2);
});

test.describe('the server says no', () => {
  // Chromium logs a request the test aborts; that is the failure being simulated.
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

  test("the server's message, a dropped connection and an HTML error page each get a toast", async ({ page }) => {
    const visitor = { name: 'Jane Doe', email: uniqueEmail('refused'), useCase: USE_CASE };
    await page.goto('/waitlist');
    await fillForm(page, visitor);

    const rateLimited = 'Too many waitlist sign-ups. Please try again in 42 minutes.';
    await page.route('/api/waitlist', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '2520' },
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'rate_limited', message: rateLimited, details: { retryAfterSeconds: 2520 } } }),
      }),
    );
    await submitButton(page).click();
    await expect(toasts(page).getByText('Something went wrong')).toBeVisible();
    await expect(toasts(page).getByText(rateLimited)).toBeVisible();
    // The visitor keeps what they typed and can try again.
    await expect(submitButton(page)).toBeEnabled();
    await expect(field(page, 'Email Address')).toHaveValue(visitor.email);

    await page.unroute('/api/waitlist');
    await page.route('/api/waitlist', (route) => route.abort('failed'));
    await submitButton(page).click();
    await expect(toasts(page).getByText('Something went wrong')).toBeVisible();
    await expect(toasts(page).getByText('Could not reach Redraft. Check your connection and try again.')).toBeVisible();

    // A proxy's HTML page is no message: docs/product.md §8's fallback stands in.
    await page.unroute('/api/waitlist');
    await page.route('/api/waitlist', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }),
    );
    await submitButton(page).click();
    await expect(toasts(page).getByText('Please try again in a moment.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the Waitlist');
  });
});

test('script in a field is sent and shown as text, never run', async ({ page }) => {
  const script = '<img src=x onerror="window.__xss=1">';
  await page.goto('/waitlist');
  await fillForm(page, { name: script, email: uniqueEmail('script'), company: "Acme'; DROP TABLE waitlist_users; --", useCase: `${script} ${USE_CASE}` });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/waitlist');
  await submitButton(page).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ name: script });
  const { position } = (await response.json()) as { position: number };

  await expect(page.getByRole('main').getByText(`Thanks, ${script}! You're #${position} in line.`)).toBeVisible();
  await expect(page.locator('main img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
});

test('the form works from the keyboard alone, with a visible focus at every stop', async ({ page }) => {
  await page.goto('/waitlist');
  const visitor = { name: 'Kim Keys', email: uniqueEmail('keys'), company: 'Tab & Co', useCase: USE_CASE };
  const stops = [
    { locator: page.getByRole('link', { name: 'Redraft home' }) },
    { locator: field(page, 'Full Name'), text: visitor.name },
    { locator: field(page, 'Email Address'), text: visitor.email },
    { locator: field(page, 'Company (Optional)'), text: visitor.company },
    { locator: field(page, USE_CASE_LABEL), text: visitor.useCase },
    { locator: submitButton(page) },
  ];
  const unfocused = await Promise.all(stops.map(({ locator }) => focusLook(locator)));
  for (const [index, { locator, text }] of stops.entries()) {
    await page.keyboard.press('Tab');
    await expect(locator).toBeFocused();
    expect(await focusLook(locator), 'the focused control looks the same as unfocused').not.toBe(unfocused[index]);
    if (text) await page.keyboard.type(text);
  }

  // Enter in a one-line field submits the form.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(field(page, 'Email Address')).toBeFocused();
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/waitlist');
  await page.keyboard.press('Enter');
  const { position } = (await (await answered).json()) as { position: number };
  await expect(toasts(page).getByText(`You're #${position} in line. We'll notify you when it's your turn.`)).toBeVisible();
  await expectConfirmation(page, `Thanks, ${visitor.name}! You're #${position} in line.`);

  const home = page.getByRole('link', { name: 'Back to Home' });
  const homeUnfocused = await focusLook(home);
  await page.keyboard.press('Tab');
  await expect(home).toBeFocused();
  expect(await focusLook(home)).not.toBe(homeUnfocused);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

/** What makes focus visible: a ring (box-shadow) or an outline. Compared with the same element unfocused. */
function focusLook(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.boxShadow} | ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
  });
}
