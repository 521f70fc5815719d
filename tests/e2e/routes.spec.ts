import { expect, test } from './support/fixtures';
import { screenshotPath } from './support/journeys';

test.describe('signed out', () => {
  test('/ shows the public landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('With AI');
    await expect(page.getByRole('link', { name: 'Join Waitlist' })).toHaveAttribute('href', '/waitlist');
    await expect(page.getByRole('link', { name: 'Demo' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/waitlist');
    await page.screenshot({ path: screenshotPath('landing') });
  });

  test('/admin redirects to /auth', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/auth');
    await expect(page.getByRole('heading', { name: 'Welcome to Redraft' })).toBeVisible();
  });

  for (const path of ['/editor/1', '/editor-original/1']) {
    test(`${path} shows the sign-in screen in place`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Welcome to Redraft' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === path);
    });
  }

  test('/auth has the marketing panel and both tabs', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { name: 'Transform Your Documents with Advanced Editing' })).toBeVisible();
    for (const feature of ['Advanced Editing', 'Real-time Collaboration', 'Secure & Private']) {
      await expect(page.getByRole('heading', { name: feature, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Welcome to Redraft' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await page.screenshot({ path: screenshotPath('auth'), fullPage: true });

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await page.screenshot({ path: screenshotPath('auth-sign-up-errors'), fullPage: true });
  });

  test('/alpha is a centred card with the same tabs', async ({ page }) => {
    await page.goto('/alpha');
    await expect(page.getByRole('heading', { name: 'Alpha Tester Access' })).toBeVisible();
    await expect(page.getByText('Welcome back! Please sign in to continue.')).toBeVisible();
    await page.screenshot({ path: screenshotPath('alpha'), fullPage: true });

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByText('Join our alpha testing program')).toBeVisible();
    await page.screenshot({ path: screenshotPath('alpha-sign-up'), fullPage: true });
  });

  test('public pages: /waitlist and /demo', async ({ page }) => {
    await page.goto('/waitlist');
    await expect(page.getByRole('heading', { name: 'Join the Waitlist' })).toBeVisible();
    // Without a Document Server the demo is the embedded editor's (editor-original.spec.ts looks closer).
    await page.goto('/demo');
    await expect(page.getByRole('heading', { name: 'DOCX Editor Demo' })).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await page.screenshot({ path: screenshotPath('not-found'), fullPage: true });
});
