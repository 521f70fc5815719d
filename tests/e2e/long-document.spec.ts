/**
 * A long document opens in two steps (decision 019): its first pages are on screen, read-only,
 * before the editor has the whole; then the whole is editable, and a save changes exactly what was
 * edited, near the start and near the end.
 */
import { LONG_CONTRACT_MARKERS, longContractDocx } from '../support/docx/long-contract';
import { documentXmlOf, paragraphText, paragraphsById } from './support/contract-docx';
import { currentContent, documentPages, downloadDocx, saveStatus, selectWordInDocument } from './support/editor';
import { expect, test } from './support/fixtures';
import { newAccount, registerThroughUi } from './support/journeys';
import { DOCX_MIME, uploadThroughApi } from './support/library';

// 300 clauses: 2,100 paragraphs, past the preview threshold (web/features/editor/embedded/document-head.ts).
const CLAUSES = 300;

const textsById = (docx: Uint8Array) => new Map([...paragraphsById(documentXmlOf(docx))].map(([id, xml]) => [id, paragraphText(xml)]));

test('a long document shows its first page before the editor is ready, and saves exactly two edits', async ({ page }) => {
  test.setTimeout(180_000);
  await registerThroughUi(page, newAccount('long'));
  const doc = await uploadThroughApi(page, { name: 'Long contract.docx', mimeType: DOCX_MIME, buffer: Buffer.from(longContractDocx(CLAUSES)) });
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('complete');
  const before = textsById((await currentContent(page, doc.id)).bytes);

  await page.goto(`/editor/${doc.id}`);
  // Read at the first frame in which a page with text is painted: the editor is not ready yet.
  const atFirstPaint = await page.waitForFunction(
    () => {
      const painted = [...document.querySelectorAll('.paged-editor__pages')].some((p) => p.checkVisibility() && (p.textContent ?? '').trim().length > 0);
      // Read in the same frame: on a fast machine the whole document may be ready moments later.
      const loadingRest = [...document.querySelectorAll('[role="status"]')].some((s) => s.textContent?.includes('Loading the rest of the document...'));
      return painted && { ready: document.querySelector('[data-testid="debug-editor-ready"]')?.textContent ?? null, pages: document.querySelectorAll('.layout-page').length, loadingRest };
    },
    null,
    { polling: 'raf', timeout: 60_000 },
  );
  const first = (await atFirstPaint.jsonValue()) as { ready: string | null; pages: number; loadingRest: boolean };
  expect(first.ready).not.toBe('Yes');
  expect(first.loadingRest, "the 'Loading the rest of the document...' status at the first paint").toBe(true);
  await expect(documentPages(page)).toContainText(LONG_CONTRACT_MARKERS.first);

  await expect(page.getByTestId('debug-editor-ready')).toHaveText('Yes', { timeout: 120_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Loading the rest of the document...' })).toHaveCount(0);
  const laidOut = await page.locator('.layout-page').count();
  expect(laidOut).toBeGreaterThan(first.pages * 10);

  await selectWordInDocument(page, LONG_CONTRACT_MARKERS.first);
  // One input, as a paste or an IME gives it: each keystroke would lay out 150 pages again.
  await page.keyboard.insertText('Bermondsey');
  // The end of the document: the editor scrolls to the caret and paints the pages there.
  await page.keyboard.press('Control+End');
  await selectWordInDocument(page, LONG_CONTRACT_MARKERS.last);
  await page.keyboard.insertText('Yarmouth');
  await page.keyboard.press('Control+s');
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 30_000 });

  const after = textsById(await downloadDocx(page, doc.id));
  expect([...after.keys()]).toEqual([...before.keys()]);
  const changed = [...after].filter(([id, text]) => before.get(id) !== text);
  expect(changed.map(([id, text]) => [before.get(id), text])).toEqual([
    [expect.stringContaining(LONG_CONTRACT_MARKERS.first), before.get(changed[0]![0])!.replace(LONG_CONTRACT_MARKERS.first, 'Bermondsey')],
    [expect.stringContaining(LONG_CONTRACT_MARKERS.last), before.get(changed[1]![0])!.replace(LONG_CONTRACT_MARKERS.last, 'Yarmouth')],
  ]);
});
