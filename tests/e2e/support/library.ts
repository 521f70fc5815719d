/**
 * Library steps done the way a person does them: files dropped on the drop zone or chosen with
 * Browse Files, rows worked through their menu. Setup that is not under test goes through the API
 * with the page's own session.
 */
import { type Locator, type Page, expect } from '@playwright/test';
import type { GeneratedDocument } from '../../support/docx/realistic';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type FileSpec = { name: string; mimeType: string; buffer: Buffer };

/** A generated document (tests/support/docx/realistic.ts) as a file, under a name of the test's choosing. */
export const docxFile = (doc: GeneratedDocument, name = doc.name, mimeType = DOCX_MIME): FileSpec => ({
  name,
  mimeType,
  buffer: Buffer.from(doc.bytes()),
});

export const dropZone = (page: Page) => page.getByTestId('drop-zone');
export const uploadDialog = (page: Page) => page.getByRole('dialog', { name: 'Upload Document' });

export async function openUploadDialog(page: Page) {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(uploadDialog(page)).toBeVisible();
}

/**
 * A real drag and drop: a DataTransfer holding the file is built in the page, then dragenter,
 * dragover and drop are dispatched on the zone, as the browser does for a file from the desktop.
 * `sizeBytes` makes a file of zeros in the page instead of sending bytes over (for size checks).
 */
export async function dropFiles(zone: Locator, files: (FileSpec | { name: string; mimeType: string; sizeBytes: number })[]) {
  const payload = files.map((f) =>
    'buffer' in f ? { name: f.name, type: f.mimeType, base64: f.buffer.toString('base64'), size: 0 } : { name: f.name, type: f.mimeType, base64: '', size: f.sizeBytes },
  );
  const dataTransfer = await zone.page().evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = item.base64 ? Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0)) : new Uint8Array(item.size);
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return transfer;
  }, payload);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await zone.dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}

/** Browse Files opens the system file chooser; the test answers it. */
export async function browseFile(page: Page, file: FileSpec) {
  const chooser = page.waitForEvent('filechooser');
  await uploadDialog(page).getByRole('button', { name: 'Browse Files' }).click();
  await (await chooser).setFiles(file);
}

/** Uploads through the API with the page's session: setup for journeys that test something else. */
export async function uploadThroughApi(page: Page, file: FileSpec) {
  const response = await page.request.post('/api/documents/upload', { multipart: { document: file } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; originalName: string; status: string };
}

export const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Side panel' });

export async function goToView(page: Page, label: string) {
  await sidePanel(page).getByRole('navigation').getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: label === 'Home' ? /Good (morning|afternoon|evening)/ : label })).toBeVisible();
}

export const documentRow = (page: Page, name: string) => page.getByTestId('document-row').filter({ hasText: name });

export async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}
