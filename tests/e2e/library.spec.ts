import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { CONTRACT_PHRASES, GENERATED_DOCUMENTS, GENERATED_REFUSALS } from '../support/docx/realistic';
import { expect, test } from './support/fixtures';
import { newAccount, registerThroughUi, screenshotPath } from './support/journeys';
import {
  DOCX_MIME,
  browseFile,
  docxFile,
  documentRow,
  dropFiles,
  dropZone,
  goToView,
  openUploadDialog,
  rowAction,
  sidePanel,
  uploadDialog,
  uploadThroughApi,
} from './support/library';

/** Generated documents (tests/support/docx/realistic.ts): a two-page contract, board notes, and the contract password-protected. */
const { contract, memo } = GENERATED_DOCUMENTS;
const { passwordProtected } = GENERATED_REFUSALS;

/**
 * A toast by its title. A modal dialog marks the rest of the page aria-hidden (toasts included;
 * Radix still announces them through its own live region), so hidden elements count here.
 */
const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });

test('upload by drag-and-drop and by Browse Files, see card and row, download, delete', async ({ page }) => {
  await registerThroughUi(page, newAccount('library'));
  await expect(page.getByRole('heading', { name: 'Start with a Template' })).toBeVisible();
  await expect(page.getByTestId('document-card')).toHaveCount(3);
  await page.screenshot({ path: screenshotPath('library-home-empty'), fullPage: true });

  // Drag and drop: the zone lights up, only the first of two files is taken.
  await openUploadDialog(page);
  await dropFiles(dropZone(page), [docxFile(contract), docxFile(contract, 'second.docx')]);
  const chosen = uploadDialog(page).getByTestId('chosen-file');
  await expect(chosen).toContainText(contract.name);
  await expect(chosen).not.toContainText('second.docx');
  await expect(chosen).toContainText(`${(contract.bytes().length / 1024 / 1024).toFixed(2)} MB`);
  await expect(dropZone(page)).not.toHaveAttribute('data-dragging');
  await page.screenshot({ path: screenshotPath('library-upload-dialog') });
  await uploadDialog(page).getByRole('button', { name: 'Upload Document' }).click();
  await expect(toast(page, 'Upload successful')).toContainText(`${contract.name} has been uploaded successfully.`);
  await expect(uploadDialog(page)).toHaveCount(0);

  // Browse Files, from the side panel's New Document.
  await sidePanel(page).getByRole('button', { name: 'New Document' }).click();
  await browseFile(page, docxFile(contract, 'Service Contract.docx'));
  // A slow connection, so the upload's own progress can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 12 * 1024 });
  await uploadDialog(page).getByRole('button', { name: 'Upload Document' }).click();
  await expect(uploadDialog(page).getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  await expect(uploadDialog(page).getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(uploadDialog(page).getByText(/Uploading\.\.\. [1-9]\d?%/)).toBeVisible();
  await page.screenshot({ path: screenshotPath('library-uploading') });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(toast(page, 'Upload successful')).toContainText('Service Contract.docx has been uploaded successfully.');
  await expect(uploadDialog(page)).toHaveCount(0);

  // Home: the cards (newest first), Recent Documents, the sample activity.
  await expect(page.getByRole('heading', { name: 'Recent Files' })).toBeVisible();
  const cards = page.getByTestId('document-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Service Contract.docx');
  await expect(cards.nth(0)).toContainText('Just now');
  await expect(cards.nth(0)).toContainText('Complete');
  await expect(cards.nth(0)).toHaveAttribute('data-theme', 'green');
  await expect(cards.nth(1)).toContainText(contract.name);
  await expect(cards.nth(1)).toHaveAttribute('data-theme', 'slate');
  await expect(page.getByRole('button', { name: 'Upload a document' })).toBeVisible();
  await expect(page.getByText('Sample data')).toBeVisible();
  await page.screenshot({ path: screenshotPath('library-home'), fullPage: true });

  // All Documents through 'View all': original and stored names, the Complete badge.
  await page.getByRole('button', { name: 'View all' }).click();
  await expect(page.getByRole('heading', { name: 'All Documents' })).toBeVisible();
  const row = documentRow(page, contract.name);
  await expect(row).toContainText(/\.docx/);
  await expect(row.getByText('Complete', { exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Modified' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('library-all-documents'), fullPage: true });

  // Download: the same bytes that were uploaded.
  const downloadEvent = page.waitForEvent('download');
  await rowAction(page, contract.name, 'Download');
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe(contract.name);
  expect(fs.readFileSync(await download.path()).equals(Buffer.from(contract.bytes()))).toBe(true);

  // Delete, confirmed.
  await rowAction(page, contract.name, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete document?' });
  await expect(confirm).toContainText(`${contract.name} and all its versions will be deleted permanently.`);
  await page.screenshot({ path: screenshotPath('library-delete-confirm') });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Document deleted')).toContainText('The document has been successfully deleted.');
  await expect(documentRow(page, contract.name)).toHaveCount(0);
  await expect(documentRow(page, 'Service Contract.docx')).toHaveCount(1);
});

test('rejected files show the toasts of docs/product.md §5 and leave the panel as it was', async ({ page }) => {
  await registerThroughUi(page, newAccount('reject'));
  await openUploadDialog(page);

  await dropFiles(dropZone(page), [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') }]);
  await expect(toast(page, 'Invalid file type')).toContainText('Please select a .docx file.');
  await expect(uploadDialog(page).getByTestId('chosen-file')).toHaveCount(0);

  // A file chosen before a rejection stays chosen.
  await dropFiles(dropZone(page), [docxFile(contract)]);
  await dropFiles(dropZone(page), [{ name: 'photo.docx', mimeType: 'image/png', buffer: Buffer.from('png') }]);
  await expect(toast(page, 'Invalid file type')).toContainText('File type image/png not supported. Please select a .docx file.');
  await dropFiles(dropZone(page), [{ name: 'huge.docx', mimeType: DOCX_MIME, sizeBytes: 11 * 1024 * 1024 }]);
  await expect(toast(page, 'File too large')).toContainText('Please select a file smaller than 10MB.');
  await expect(uploadDialog(page).getByTestId('chosen-file')).toContainText(contract.name);

  // An encrypted document passes the browser's checks; the server refuses it with its reason.
  await uploadDialog(page).getByRole('button', { name: `Remove ${contract.name}` }).click();
  await browseFile(page, docxFile(passwordProtected));
  await uploadDialog(page).getByRole('button', { name: 'Upload Document' }).click();
  const failed = toast(page, 'Upload failed');
  await expect(failed).toContainText('Password-protected documents are not supported');
  await expect(failed).toHaveClass(/destructive/);
  await expect(uploadDialog(page).getByTestId('chosen-file')).toContainText(passwordProtected.name);
  await expect(uploadDialog(page).getByRole('button', { name: 'Upload Document' })).toBeEnabled();

  await uploadDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(uploadDialog(page)).toHaveCount(0);
  await goToView(page, 'All Documents');
  await expect(page.getByText('No documents uploaded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Your First Document' })).toBeVisible();
});

test('a template click creates a document of your own', async ({ page }) => {
  await registerThroughUi(page, newAccount('template'));
  await sidePanel(page).getByRole('button', { name: 'Templates' }).first().click();
  await expect(page.getByRole('heading', { name: 'Templates', level: 2 })).toBeVisible();
  const cards = page.getByTestId('document-card');
  await expect(cards).toHaveCount(3);
  for (const name of ['Business Plan', 'Project Proposal', 'Marketing Plan']) await expect(cards.filter({ hasText: name })).toContainText('Template');
  await page.screenshot({ path: screenshotPath('library-templates'), fullPage: true });

  await cards.filter({ hasText: 'Business Plan' }).click();
  await expect(toast(page, 'Using template')).toContainText('Creating a new document from template...');
  await expect(toast(page, 'Template ready')).toContainText('Your document has been created from the template.');

  await goToView(page, 'All Documents');
  await expect(documentRow(page, 'Business Plan.docx').getByText('Complete', { exact: true })).toBeVisible();
});

test('with no server templates, placeholders say coming soon; a failed delete says so', async ({ page }) => {
  await page.route('**/api/templates', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await registerThroughUi(page, newAccount('fallback'));
  await expect(page.getByRole('heading', { name: 'Start with a Template' })).toBeVisible();
  await goToView(page, 'Templates');
  const cards = page.getByTestId('document-card');
  await expect(cards).toHaveCount(3);
  await cards.filter({ hasText: 'Project Proposal' }).click();
  await expect(toast(page, 'Template coming soon')).toContainText('Templates will be available in the next update.');

  await uploadThroughApi(page, docxFile(contract, 'Keep Me.docx'));
  await page.reload();
  await page.route('**/api/documents/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"Boom"}}' })
      : route.fallback(),
  );
  await goToView(page, 'All Documents');
  await rowAction(page, 'Keep Me.docx', 'Delete');
  await page.getByRole('dialog', { name: 'Delete document?' }).getByRole('button', { name: 'Delete' }).click();
  const failed = toast(page, 'Delete failed');
  await expect(failed).toContainText('Failed to delete the document. Please try again.');
  await expect(failed).toHaveClass(/destructive/);
  await expect(documentRow(page, 'Keep Me.docx')).toHaveCount(1);
});

test('search finds a document by a word of its text', async ({ page }) => {
  await registerThroughUi(page, newAccount('search'));
  await uploadThroughApi(page, docxFile(contract, 'Client Memo.docx'));
  await uploadThroughApi(page, docxFile(memo, 'Board Minutes.docx'));
  await page.reload();

  // Quick Actions > Search focuses the field; typing on Home moves to All Documents.
  await sidePanel(page).getByRole('button', { name: 'Search' }).click();
  const field = page.getByRole('searchbox', { name: 'Search documents' });
  await expect(field).toBeFocused();
  const phrase = CONTRACT_PHRASES.search;
  await field.fill(phrase);
  await expect(page.getByRole('heading', { name: 'All Documents' })).toBeVisible();
  await expect(page.getByText(`1 document matches “${phrase}”`)).toBeVisible();
  await expect(documentRow(page, 'Client Memo.docx')).toHaveCount(1);
  await expect(documentRow(page, 'Board Minutes.docx')).toHaveCount(0);

  await field.fill('minutes');
  await expect(documentRow(page, 'Board Minutes.docx')).toHaveCount(1);
  await expect(documentRow(page, 'Client Memo.docx')).toHaveCount(0);

  await field.fill('no such words anywhere');
  await expect(page.getByText('No documents match “no such words anywhere”')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByTestId('document-row')).toHaveCount(2);
});

test('archive a document, then restore it', async ({ page }) => {
  await registerThroughUi(page, newAccount('archive'));
  await uploadThroughApi(page, docxFile(contract, 'Old Agreement.docx'));
  await page.reload();
  await goToView(page, 'All Documents');

  await rowAction(page, 'Old Agreement.docx', 'Archive');
  await expect(toast(page, 'Document archived')).toBeVisible();
  await expect(page.getByText('No documents uploaded')).toBeVisible();

  await goToView(page, 'Archive');
  await rowAction(page, 'Old Agreement.docx', 'Restore');
  await expect(toast(page, 'Document restored')).toBeVisible();
  await expect(page.getByText('Nothing archived')).toBeVisible();

  await goToView(page, 'All Documents');
  await expect(documentRow(page, 'Old Agreement.docx')).toHaveCount(1);

  await goToView(page, 'Recent');
  await expect(page.getByText('No recently opened documents')).toBeVisible();
  await goToView(page, 'Shared with me');
  await expect(page.getByText('Nothing has been shared with you yet')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the side panel is collapsible and closes on selection', async ({ page }) => {
    await registerThroughUi(page, newAccount('mobile'));
    await uploadThroughApi(page, docxFile(contract, 'Quarterly Report.docx'));
    await uploadThroughApi(page, docxFile(contract, 'Business Plan 2025.docx'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Recent Files' })).toBeVisible();
    await expect(sidePanel(page)).toBeHidden();
    await page.screenshot({ path: screenshotPath('library-mobile-home'), fullPage: true });

    await page.getByRole('button', { name: 'Open side panel' }).click();
    const sheet = page.getByRole('dialog', { name: 'Workspace' });
    await expect(sheet.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('library-mobile-panel') });
    await sheet.getByRole('button', { name: 'All Documents' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'All Documents' })).toBeVisible();
    await expect(documentRow(page, 'Quarterly Report.docx')).toHaveCount(1);

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('searchbox', { name: 'Search documents' })).toBeFocused();
  });
});
