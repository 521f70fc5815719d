/**
 * Accessibility (docs/decisions/011-landing-page-budget.md): axe-core on every public screen, signed out, at desktop and phone
 * width, and on the two public forms with their validation messages showing. A serious or
 * critical violation fails; the message lists each rule, its impact and the elements, so the
 * failure says what to fix. Lesser findings are attached to the report, not failed on.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/** Each screen of docs/product.md §2 a visitor can reach signed out, and the h1 that says it has rendered. */
const SCREENS = [
  { name: 'landing', path: '/', h1: 'With AI' },
  { name: 'waitlist', path: '/waitlist', h1: 'Join the Waitlist' },
  { name: 'auth', path: '/auth', h1: 'Transform Your Documents with Advanced Editing' },
  { name: 'alpha', path: '/alpha', h1: 'Alpha Tester Access' },
  { name: '404', path: '/no/such/page', h1: '404 Page Not Found' },
];

const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 375, height: 812 } },
];

async function open(page: Page, path: string, h1: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(h1);
}

for (const { label, viewport } of WIDTHS) {
  test.describe(`signed out at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const screen of SCREENS) {
      test(`${screen.name} (${screen.path}) has no serious accessibility violations`, async ({ page }) => {
        await open(page, screen.path, screen.h1);
        await expectNoSeriousViolations(page, `${screen.path} at ${viewport.width} px`);
      });
    }

    test('/auth with the empty forms submitted has no serious accessibility violations', async ({ page }) => {
      await open(page, '/auth', 'Transform Your Documents with Advanced Editing');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
      await expectNoSeriousViolations(page, `/auth sign-in errors (${label})`);

      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
      await expectNoSeriousViolations(page, `/auth sign-up errors (${label})`);
    });

    test('/waitlist with the empty form submitted has no serious accessibility violations', async ({ page }) => {
      await open(page, '/waitlist', 'Join the Waitlist');
      await page.getByRole('button', { name: 'Join the Waitlist' }).click();
      // docs/product.md §5's waitlist messages for the required fields left empty.
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await expect(page.getByText('Please tell us a bit more about your use case')).toBeVisible();
      await expectNoSeriousViolations(page, `/waitlist errors (${label})`);
    });
  });
}
