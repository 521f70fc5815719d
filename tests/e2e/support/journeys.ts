/**
 * Steps that several journeys share, written the way a person does them: through the screens.
 */
import path from 'node:path';
import { type Page, expect } from '@playwright/test';

export type Account = { name: string; email: string; password: string };

let counter = 0;
/** A unique account, so journeys sharing a server never collide (or share rate limits). */
export function newAccount(prefix = 'user'): Account {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}`;
  return { name: `Test ${prefix} ${counter}`, email: `${prefix}-${unique}@example.com`, password: 'correct horse 42' };
}

/** The toast area; Radix labels it 'Notifications'. */
export const toasts = (page: Page) => page.getByTestId('toasts');

/** Where screenshots go for a person to look at (gitignored). */
export const screenshotPath = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);

export async function fillSignUp(page: Page, account: Account) {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function fillSignIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Registers at /auth and waits until the workspace shows the new user in the top bar. */
export async function registerThroughUi(page: Page, account: Account) {
  await page.goto('/auth');
  await fillSignUp(page, account);
  await expectSignedIn(page, account);
}

export async function signInThroughUi(page: Page, account: Account) {
  await page.goto('/auth');
  await fillSignIn(page, account);
  await expectSignedIn(page, account);
}

export async function expectSignedIn(page: Page, account: Account, pathname = '/') {
  await expect(page).toHaveURL((url) => url.pathname === pathname);
  await expect(page.getByTestId('current-user')).toHaveText(account.name);
}

export async function signOutThroughUi(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(toasts(page).getByText('Signed out successfully')).toBeVisible();
  await expect(toasts(page).getByText('You have been logged out.')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByTestId('current-user')).toHaveCount(0);
}
