/**
 * The reference editor (/editor-original/{id}) and /demo with the embedded editor, the one a
 * server without DOCUMENT_SERVER_URL uses (onlyoffice.spec.ts has both with ONLYOFFICE Docs).
 */
import { contractForNewUser, documentPages, dragAcrossWord, saveStatus } from './support/editor';
import { expect, test } from './support/fixtures';
import { newAccount, registerThroughUi, screenshotPath } from './support/journeys';

test('the reference editor logs what is selected and sent, and saves what was sent', async ({ page }) => {
  const id = await contractForNewUser(page);
  await page.goto(`/editor-original/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Supply contract.docx (Original)' })).toBeVisible();
  await expect(page).toHaveTitle(/Supply contract\.docx \(Original\)/);
  await expect(page.getByTestId('editor-ready-badge')).toHaveText('Ready', { timeout: 30_000 });
  // The embedded editor has no plugin to wait for: it is ready with the editor.
  await expect(page.getByTestId('plugin-ready-badge')).toHaveText('Plugin Ready');
  await expect(page.getByRole('complementary', { name: 'AI Chat Assistant' })).toHaveCount(0);
  const send = page.getByRole('button', { name: 'Send to Editor' });
  const testSelection = page.getByRole('button', { name: 'Test Selection' });
  await expect(send).toBeEnabled();
  await expect(testSelection).toBeEnabled();

  const log = page.getByTestId('plugin-log-entry');
  await dragAcrossWord(page, 'recieve');
  await expect(log).toHaveCount(1);
  await expect(log.last()).toContainText('Selected');
  await expect(log.last()).toContainText('recieve');
  await expect(log.last().locator('time')).toHaveText(/\d{1,2}:\d{2}:\d{2}/);
  await testSelection.click();
  await expect(log).toHaveCount(2);
  await expect(log.last()).toContainText('Selection');

  const input = page.getByPlaceholder('Text to insert...');
  await input.fill('  ');
  await send.click();
  await expect(log).toHaveCount(2);
  await input.fill(' (checked)');
  await input.press('Enter');
  await expect(documentPages(page)).toContainText('recieve (checked)');
  await expect(log.last()).toContainText('Sent');
  await expect(input).toHaveValue('');
  // The same autosave as on /editor.
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 10_000 });
  const doc = (await (await page.request.get(`/api/documents/${id}`)).json()) as { currentVersion: number };
  expect(doc.currentVersion).toBeGreaterThan(1);
  await page.screenshot({ path: screenshotPath('editor-original-embedded') });
});

test('the reference editor has the same id states as the editor', async ({ page }) => {
  await registerThroughUi(page, newAccount('original-ids'));
  await page.goto('/editor-original/abc');
  await expect(page.getByRole('heading', { name: 'Invalid document ID' })).toBeVisible();
  await page.goto('/editor-original/999999');
  await expect(page.getByRole('heading', { name: 'Document not found' })).toBeVisible();
});

test('/demo shows the public sample read-only in the embedded editor, signed out', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'DOCX Editor Demo' })).toBeVisible();
  await expect(page).toHaveTitle(/DOCX Editor Demo/);
  await expect(documentPages(page)).toContainText('Services Agreement', { timeout: 30_000 });
  await expect(documentPages(page)).toContainText('Either party may end it with 30 days written notice.');
  await page.screenshot({ path: screenshotPath('demo-embedded') });
  // Read-only: typing over a selected word changes nothing.
  await dragAcrossWord(page, 'Supplier');
  await page.keyboard.type('Vendor');
  await expect(documentPages(page)).not.toContainText('Vendor');
});
