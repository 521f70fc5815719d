import { expect, test as base } from './support/fixtures';
import { newAccount, registerThroughUi, screenshotPath, signOutThroughUi } from './support/journeys';

// Who becomes staff depends on who registers first, so these journeys get an empty instance.
const test = base.extend({ server: async ({ freshServer }, use) => use(freshServer) });

test('the first account is staff and sees the board; the second is told the board is staff only', async ({ page }) => {
  const first = newAccount('first');
  await registerThroughUi(page, first);
  await page.screenshot({ path: screenshotPath('workspace') });

  await page.getByRole('link', { name: 'Tasks' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Tasks' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Business Model' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  await page.screenshot({ path: screenshotPath('admin-staff') });
  await signOutThroughUi(page);

  const second = newAccount('second');
  await registerThroughUi(page, second);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible();
  await expect(page.getByText('This area is for Redraft staff only.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('admin-not-staff') });
});
