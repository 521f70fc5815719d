/**
 * Issue 15's journey: one person with the same document open in two browsers. Edits to different
 * paragraphs are merged; edits to the same paragraph are a conflict that loses nothing; the
 * history, a restore and the compare view show what happened.
 */
import type { Page } from '@playwright/test';
import { documentXmlOf, paragraphText } from './support/contract-docx';
import { contractForNewUser, documentPages, downloadDocx, dragAcrossWord, openEditor, saveStatus, selectWordInDocument } from './support/editor';
import { expect, test } from './support/fixtures';
import { toasts } from './support/journeys';
import { goToView, rowAction } from './support/library';

const shot = (name: string) => `/tmp/versions-${name}.png`;
const textOf = (docx: Uint8Array) => paragraphText(documentXmlOf(docx));

async function versionText(page: Page, id: number, n: number) {
  const response = await page.request.get(`/api/documents/${id}/versions/${n}/download`);
  expect(response.status()).toBe(200);
  return textOf(await response.body());
}

/** Replaces `word` where it is painted with `by`, and saves with Ctrl+S. */
async function replaceAndSave(page: Page, word: string, by: string) {
  await selectWordInDocument(page, word);
  await page.keyboard.type(by);
  await page.keyboard.press('Control+s');
}

/**
 * Holds the page's next save's answer: the server has stored the save and answered (`answered`),
 * the page hears of it only on `release`, so what is typed meanwhile is typed while the save is in flight.
 */
async function holdNextSave(page: Page, id: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answered!: () => void;
  const serverAnswered = new Promise<void>((resolve) => (answered = resolve));
  let held = false;
  await page.route(`**/api/documents/${id}/content`, async (route) => {
    if (held || route.request().method() !== 'PUT') return route.fallback();
    held = true;
    const response = await route.fetch();
    answered();
    await released;
    await route.fulfill({ response });
  });
  return { answered: serverAnswered, release };
}

const historyPanel = (page: Page) => page.getByRole('dialog', { name: 'Version history' });
const historyRow = (page: Page, n: number) => historyPanel(page).getByRole('listitem', { name: `Version ${n}`, exact: true });

test('two browsers: different paragraphs merge, the same paragraph is a conflict that keeps both; history, restore and compare', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const id = await contractForNewUser(page, 'Services agreement.docx');
  // The same person in a second browser: the session cookie goes with it.
  const other = await browser.newContext({ baseURL, storageState: await page.context().storageState() });
  const second = await other.newPage();
  await openEditor(page, id);
  await openEditor(second, id);

  // Different paragraphs: the first browser saves version 2; the second's save (based on 1) is merged.
  await replaceAndSave(page, 'Northwind', 'Eastwind');
  await expect(saveStatus(page)).toHaveText('Saved');
  await replaceAndSave(second, 'Wales', 'Scotland');
  await expect(toasts(second).getByText('Your changes were merged with version 2, saved elsewhere; the document now has both.')).toBeVisible();
  await expect(second.getByTestId('debug-editor-ready')).toHaveText('Yes', { timeout: 30_000 });
  await expect(documentPages(second)).toContainText('Eastwind Ltd');
  await expect(documentPages(second)).toContainText('England and Scotland');
  const merged = textOf(await downloadDocx(page, id));
  expect(merged).toContain('Eastwind Ltd');
  expect(merged).toContain('England and Scotland');
  await second.screenshot({ path: shot('merged') });

  // The same paragraph: the first browser (still on version 2) is merged onto 3 and reopens at 4;
  // the second (on 3) then changes the same words and meets the conflict. What it types while
  // that save is in flight is saved at once on the same base, and kept as one more version.
  await replaceAndSave(page, '30', '45');
  await expect(toasts(page).getByText(/Your changes were merged with version 3/)).toBeVisible();
  await expect(page.getByTestId('debug-editor-ready')).toHaveText('Yes', { timeout: 30_000 });
  const held = await holdNextSave(second, id);
  await replaceAndSave(second, '30', '60');
  await held.answered;
  await expect(saveStatus(second)).toHaveText('Saving...');
  await second.keyboard.type(' (sixty)');
  await expect(documentPages(second)).toContainText('within 60 (sixty) days');
  held.release();
  const banner = second.getByRole('alert').filter({ hasText: 'changed elsewhere' });
  await expect(banner).toContainText('(it is now at version 4). Your version is kept in the history as version 6. The editor is read-only until you choose.');
  for (const choice of ['Compare', 'Keep mine', 'Keep theirs']) await expect(banner.getByRole('button', { name: choice })).toBeVisible();
  await expect(saveStatus(second)).toHaveText('Kept as version 6');
  expect(await versionText(page, id, 5)).toContain('within 60 days');
  expect(await versionText(page, id, 6)).toContain('within 60 (sixty) days');
  await second.screenshot({ path: shot('conflict') });

  // Read-only until a choice: neither a click into the document and typing nor Ctrl+S changes or saves anything.
  await expect(second.getByTestId('editor-frame')).toHaveAttribute('aria-disabled', 'true');
  await dragAcrossWord(second, 'Scotland');
  await second.keyboard.type('Zanzibar');
  await second.keyboard.press('Control+s');
  await second.waitForTimeout(1000);
  await expect(documentPages(second)).toContainText('England and Scotland');
  await expect(documentPages(second)).not.toContainText('Zanzibar');
  await expect(saveStatus(second)).toHaveText('Kept as version 6');
  const versionsNow = await second.request.get(`/api/documents/${id}/versions`);
  expect(((await versionsNow.json()) as unknown[]).length).toBe(6);

  // Keep mine restores the newest kept version, over the version the conflict was kept beside.
  await banner.getByRole('button', { name: 'Keep mine' }).click();
  await expect(toasts(second).getByText('Version 6 restored as version 7.')).toBeVisible();
  await expect(second.getByTestId('debug-editor-ready')).toHaveText('Yes', { timeout: 30_000 });
  await expect(documentPages(second)).toContainText('within 60 (sixty) days');
  expect(textOf(await downloadDocx(page, id))).toContain('within 60 (sixty) days');
  expect(await versionText(page, id, 4)).toContain('within 45 days');

  // The history, from the editor's header.
  await second.getByRole('button', { name: 'Version history' }).click();
  await expect(historyPanel(second).getByRole('heading', { name: 'Version history' })).toBeVisible();
  await expect(historyRow(second, 7)).toContainText('Current');
  await expect(historyRow(second, 7)).toContainText('Restored from version 6');
  await expect(historyRow(second, 6)).toContainText('Conflict');
  await expect(historyRow(second, 5)).toContainText('Conflict');
  await expect(historyRow(second, 4)).toContainText('Merged');
  await expect(historyRow(second, 1)).toContainText('Uploaded');
  await second.screenshot({ path: shot('history') });

  // Restore the upload: asked first, then the editor reopens on it.
  await historyRow(second, 1).getByRole('button', { name: 'Restore version 1' }).click();
  const confirm = second.getByRole('alertdialog', { name: 'Restore version 1?' });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(toasts(second).getByText('Version 1 restored as version 8.')).toBeVisible();
  await expect(second.getByTestId('debug-editor-ready')).toHaveText('Yes', { timeout: 30_000 });
  await expect(documentPages(second)).toContainText('Northwind Ltd');

  // Compare the kept version, restored, with the restored upload, change by change.
  await second.goto(`/editor/${id}/compare?from=7&to=8`);
  await expect(second.getByRole('heading', { level: 1, name: 'Services agreement.docx' })).toBeVisible();
  await expect(second.getByText('Comparing version 7 with version 8')).toBeVisible();
  await expect(second.getByTestId('compare-totals')).toContainText('changed');
  const changes = second.getByTestId('paragraph-change');
  await expect(changes.first()).toBeVisible();
  const total = await changes.count();
  expect(total).toBeGreaterThanOrEqual(2);
  await second.getByRole('button', { name: 'Next change' }).click();
  await second.getByRole('button', { name: 'Next change' }).click();
  await expect(second.getByTestId('change-position')).toHaveText(`Change 2 of ${total}`);
  await expect(changes.nth(1)).toBeFocused();
  await expect(second.locator('ins').first()).toBeVisible();
  await expect(second.locator('del').first()).toBeVisible();
  const redline = await second.request.get(`/api/documents/${id}/compare?from=7&to=8&format=docx`);
  expect(redline.status()).toBe(200);
  await expect(second.getByRole('link', { name: 'Download redline (.docx)' })).toHaveAttribute('href', `/api/documents/${id}/compare?from=7&to=8&format=docx`);
  await second.screenshot({ path: shot('compare'), fullPage: true });
  await second.getByRole('link', { name: 'Back to the editor' }).click();
  await expect(second.getByTestId('debug-editor-ready')).toHaveText('Yes', { timeout: 30_000 });

  // The library's row menu opens the same history.
  await page.goto('/');
  await goToView(page, 'All Documents');
  await rowAction(page, 'Services agreement.docx', 'Version history');
  await expect(historyRow(page, 8)).toContainText('Restored from version 1');
  await page.screenshot({ path: shot('library-history') });
  await other.close();
});
