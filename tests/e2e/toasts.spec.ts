/**
 * docs/product.md §9's toasts, as a person meets them: one at a time, gone after 5 s, and swiped away to the
 * right past 50 px. A failed sign-in brings one on. The page's clock is paused and moved by the
 * test, so the 5 s are counted exactly rather than waited for.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { fillSignIn, newAccount, toasts } from './support/journeys';

async function failedSignIn(page: Page) {
  const answered = page.waitForResponse('**/api/auth/login');
  await fillSignIn(page, { email: newAccount('nobody').email, password: 'not a password' });
  await answered;
}

/** Moves the paused clock in steps of 50 ms until `locator` shows (TanStack Query reports results on a timer). */
async function tickUntilVisible(page: Page, locator: Locator) {
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return locator.isVisible();
    })
    .toBe(true);
}

async function swipeRight(page: Page, toast: Locator, distance: number) {
  const box = (await toast.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 40 + distance, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
}

test('a toast shows alone, leaves after 5 s, and a swipe to the right past 50 px dismisses it', async ({ page }) => {
  await page.clock.install();
  await page.goto('/auth');
  await page.clock.pauseAt(Date.now() + 1_000);
  const shown = toasts(page).getByRole('listitem');

  await failedSignIn(page);
  await tickUntilVisible(page, shown.filter({ hasText: 'Login failed' }));
  await page.clock.runFor(4_900);
  await expect(shown).toBeVisible();
  await page.clock.runFor(200);
  await expect(shown).toHaveCount(0);

  await failedSignIn(page);
  await tickUntilVisible(page, shown);
  await failedSignIn(page);
  await page.clock.runFor(100);
  await expect(shown).toHaveCount(1);

  await swipeRight(page, shown, 40);
  await expect(shown).toBeVisible();
  await swipeRight(page, shown, 60);
  await expect(shown).toHaveCount(0);
});
