/**
 * ONLYOFFICE Docs set up wrongly, as an administrator might: what the editor screen says must
 * name the setting to fix (docs/onlyoffice.md, "Known failure modes").
 */
import { contractForNewUser } from './support/editor';
import { expect } from './support/fixtures';
import { screenshotPath } from './support/journeys';
import { editorFrame, test } from './support/onlyoffice';

test.use({
  // Redraft signs the config with a secret the Document Server does not have.
  redraftSecret: 'not-the-document-server-secret',
  // The page logs the editor's error event (docs/product.md §8), besides showing it.
  allowedConsoleErrors: [/ONLYOFFICE Docs error -20/],
});

test('a JWT secret that differs from the Document Server: the editor says which setting to fix', async ({ page, onlyoffice }) => {
  const id = await contractForNewUser(page);
  await page.goto(`/editor/${id}`);
  const error = page.getByTestId('editor-error');
  await expect(error).toContainText('DOCUMENT_SERVER_JWT_SECRET on Redraft must equal the JWT secret of ONLYOFFICE Docs', { timeout: 30_000 });
  await expect(editorFrame(page).getByRole('alert')).toContainText('error -20');
  await expect(page.getByTestId('debug-editor-ready')).toHaveText('No');
  // The document never opened: the header claims nothing about saving it.
  await expect(page.getByTestId('save-status')).toHaveCount(0);
  // The Document Server refused the config before fetching anything.
  expect(onlyoffice.ds.opened.filter((o) => o.url.includes(`/api/documents/${id}/`))).toEqual([]);
  await page.screenshot({ path: screenshotPath('onlyoffice-wrong-secret') });

  // The reference editor stays Loading, with nothing to send to.
  await page.goto(`/editor-original/${id}`);
  await expect(page.getByTestId('editor-error')).toContainText('DOCUMENT_SERVER_JWT_SECRET', { timeout: 30_000 });
  await expect(page.getByTestId('editor-ready-badge')).toHaveText('Loading');
  await expect(page.getByTestId('plugin-ready-badge')).toHaveText('Plugin Loading');
  await expect(page.getByRole('button', { name: 'Send to Editor' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Test Selection' })).toBeDisabled();
  await expect(page.getByTestId('save-status')).toHaveCount(0);
});
