import { RED_BOLD_RUN, documentXmlOf, paragraphText, paragraphsById, runs } from './support/contract-docx';
import {
  assistantMessages,
  changePreview,
  chatPanel,
  contractForNewUser,
  currentContent,
  documentPages,
  downloadDocx,
  openEditor,
  optionsCard,
  saveStatus,
  selectTextInChat,
  selectWordInDocument,
  slowChatRequests,
} from './support/editor';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { newAccount, registerThroughUi, screenshotPath, toasts } from './support/journeys';
import { DOCX_MIME, uploadThroughApi } from './support/library';
import { buildDocx } from '../support/docx/fixtures';

const RED = '<w:color w:val="FF0000"/>';
const EDITOR_CHUNK = /\/assets\/editor-workspace-[^/]*\.js$/;

/** Every paragraph of `before` except `edited` is byte for byte the same in `after` (matched by paraId). */
function expectUnchangedExcept(before: string, after: string, edited: string) {
  const old = paragraphsById(before);
  const now = paragraphsById(after);
  expect(old.size).toBeGreaterThan(1);
  for (const [id, xml] of old) {
    if (id === edited) continue;
    expect(now.get(id), `paragraph ${id} (“${paragraphText(xml)}”)`).toBe(xml);
  }
  expect([...now.keys()].sort()).toEqual([...old.keys()].sort());
}

const editedParagraphId = (xml: string) => [...paragraphsById(xml)].find(([, p]) => paragraphText(p).includes('The Supplier shall'))![0];

test('proofread a word in a bold red run, replace it, save: the download keeps the run properties', async ({ page, baseURL }) => {
  const id = await contractForNewUser(page);
  const original = await currentContent(page, id);
  const before = documentXmlOf(original.bytes);
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(`${baseURL}/`) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
  });
  const readyMs = await openEditor(page, id);
  console.info(`editor: navigation to editor ready ${readyMs} ms`);

  await expect(page.getByRole('heading', { level: 1, name: 'Supply contract.docx' })).toBeVisible();
  const back = page.getByRole('button', { name: 'Back to documents' });
  await back.hover();
  await expect(page.getByRole('tooltip', { name: 'Back to documents' })).toBeVisible();
  const chat = chatPanel(page);
  await expect(chat.getByRole('heading', { name: 'AI Chat Assistant' })).toBeVisible();
  await expect(chat.getByText('Ask questions and use "Replace Text" to update your document')).toBeVisible();
  await expect(chat.getByText('Select text in the document first')).toBeVisible();
  await expect(page.getByTestId('debug-plugin-ready')).toHaveText('Yes');
  await expect(saveStatus(page)).toHaveText('Saved');
  await expect(optionsCard(page)).toHaveCount(0);

  await selectWordInDocument(page, 'recieve');
  await expect(optionsCard(page)).toBeVisible();
  await expect(optionsCard(page).getByTestId('options-selection')).toHaveText('“recieve”');
  await expect(chat.getByText('Select text in the document first')).toHaveCount(0);
  for (const action of ['Explain', 'Rewrite', 'Improve', 'Simplify', 'Summarize', 'Proofread']) {
    await expect(optionsCard(page).getByRole('button', { name: action })).toBeEnabled();
  }
  await page.waitForTimeout(250); // the 0.2 s fade-in, so the screenshot shows the card as a person sees it
  await page.screenshot({ path: screenshotPath('editor-options-card') });

  await slowChatRequests(page);
  const streamed = page.waitForResponse((r) => r.url().endsWith(`/api/documents/${id}/chat`) && r.request().method() === 'POST');
  await optionsCard(page).getByRole('button', { name: 'Proofread' }).click();
  await expect(chat.getByText('Assistant is typing...')).toBeVisible();
  await expect(optionsCard(page)).toHaveCount(0);
  const response = await streamed;
  expect(response.headers()['content-type']).toContain('text/event-stream');
  const events = await response.text();
  expect(events).toMatch(/^event: token$/m);
  expect(events).toMatch(/^event: done$/m);

  const answer = assistantMessages(page).last();
  await expect(answer).toContainText('receive');
  await expect(answer).toContainText(/Read (paragraphs? \d|the whole document)/);
  await expect(chat.getByText('Assistant is typing...')).toHaveCount(0);
  await expect(chatPanel(page).getByTestId('chat-message').first()).toContainText('You');
  await expect(chatPanel(page).getByTestId('chat-message').first()).toContainText('Proofread this text');
  await page.screenshot({ path: screenshotPath('editor-chat-answer') });

  await answer.getByRole('button', { name: 'Replace' }).click();
  // Shown first, made only once accepted.
  await expect(changePreview(page)).toBeVisible();
  await expect(documentPages(page)).toContainText('The Supplier shall recieve payment.');
  await changePreview(page).getByRole('button', { name: 'Accept' }).click();
  await expect(changePreview(page)).toHaveCount(0);
  await expect(documentPages(page)).toContainText('The Supplier shall receive payment.');
  // The caret now sits after the new text: nothing is selected, so the answer offers Insert.
  await expect(page.getByTestId('debug-selected-text')).toHaveText('(none)');
  await expect(answer.getByRole('button', { name: 'Insert' })).toBeVisible();
  await expect(saveStatus(page)).toHaveText(/Unsaved changes|Saving.../);

  const put = page.waitForRequest((r) => r.url().endsWith(`/api/documents/${id}/content`) && r.method() === 'PUT');
  await page.keyboard.press('Control+s');
  expect((await put).headers()['x-base-version']).toBe(String(original.version));
  await expect(saveStatus(page)).toHaveText('Saved');

  const after = documentXmlOf(await downloadDocx(page, id));
  const edited = editedParagraphId(before);
  const replaced = runs(paragraphsById(after).get(edited)!).find((r) => r.text.includes('receive'));
  expect(replaced?.text).toBe('The Supplier shall receive payment.');
  expect(replaced?.rPr).toContain('<w:b/>');
  expect(replaced?.rPr).toContain(RED);
  expectUnchangedExcept(before, after, edited);
  console.info(`editor: edited paragraph\n  before: ${paragraphsById(before).get(edited)}\n  after:  ${paragraphsById(after).get(edited)}`);
  expect(elsewhere, 'requests to other hosts (fonts, CDNs)').toEqual([]);
  const doc = (await (await page.request.get(`/api/documents/${id}`)).json()) as { currentVersion: number };
  expect(doc.currentVersion).toBe(original.version + 1);
});

test('with Suggest edits on, Replace writes w:del and w:ins by AI Assistant in the original formatting', async ({ page }) => {
  const id = await contractForNewUser(page);
  const before = documentXmlOf((await currentContent(page, id)).bytes);
  await openEditor(page, id);

  await chatPanel(page).getByRole('switch', { name: 'Suggest edits' }).click();
  await expect(chatPanel(page).getByRole('switch', { name: 'Suggest edits' })).toBeChecked();
  // The card closes with its X or an empty selection; Check Selection brings it back.
  await selectWordInDocument(page, 'Northwind');
  await expect(optionsCard(page)).toBeVisible();
  await optionsCard(page).getByRole('button', { name: 'Close AI Editing Options' }).click();
  await expect(optionsCard(page)).toHaveCount(0);
  await chatPanel(page).getByRole('button', { name: 'Check Selection' }).click();
  await expect(optionsCard(page)).toBeVisible();
  await page.locator('.layout-run-text', { hasText: 'governed' }).click();
  await expect(optionsCard(page)).toHaveCount(0);
  await expect(chatPanel(page).getByText('Select text in the document first')).toBeVisible();

  await selectWordInDocument(page, 'recieve');
  await optionsCard(page).getByRole('button', { name: 'Proofread' }).click();
  const answer = assistantMessages(page).last();
  await expect(answer).toContainText('receive');
  await answer.getByRole('button', { name: 'Replace' }).click();
  await changePreview(page).getByRole('button', { name: 'Accept' }).click();
  await expect(documentPages(page)).toContainText('recieve');
  await expect(documentPages(page)).toContainText('receive');
  await page.screenshot({ path: screenshotPath('editor-suggested-change') });

  // The editor's own File > Save saves through us too.
  await page.getByRole('button', { name: 'File', exact: true }).click();
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(saveStatus(page)).toHaveText('Saved');
  const after = documentXmlOf(await downloadDocx(page, id));
  const edited = editedParagraphId(before);
  const paragraph = paragraphsById(after).get(edited)!;
  const del = /<w:del\b[^>]*w:author="AI Assistant"[^>]*>([\s\S]*?)<\/w:del>/.exec(paragraph);
  const ins = /<w:ins\b[^>]*w:author="AI Assistant"[^>]*>([\s\S]*?)<\/w:ins>/.exec(paragraph);
  expect(del, paragraph).not.toBeNull();
  expect(ins, paragraph).not.toBeNull();
  for (const [change, text] of [
    [del![1]!, 'recieve'],
    [ins![1]!, 'receive'],
  ] as const) {
    const [run] = runs(change);
    expect(run?.text).toBe(text);
    expect(run?.rPr).toContain('<w:b/>');
    expect(run?.rPr).toContain(RED);
  }
  expect(paragraphText(paragraph)).toBe(`Payment. ${RED_BOLD_RUN.replace('recieve', 'recievereceive')} No other terms apply.`);
  expectUnchangedExcept(before, after, edited);
});

test('a typed question streams an answer; text selected in the chat is inserted with the floating Insert', async ({ page }) => {
  const id = await contractForNewUser(page);
  await openEditor(page, id);
  const chat = chatPanel(page);
  const input = chat.getByPlaceholder('Ask anything...');
  const send = chat.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  await expect(chat.getByRole('button', { name: 'Attach files (coming soon)' })).toBeDisabled();

  const initialHeight = await input.evaluate((el) => el.getBoundingClientRect().height);
  expect(initialHeight).toBe(48);
  await input.fill('When are invoices payable');
  await input.press('Shift+Enter');
  await input.pressSequentially('by the Customer?');
  await expect(input).toHaveValue('When are invoices payable\nby the Customer?');
  await input.fill('x\n'.repeat(20));
  expect(await input.evaluate((el) => el.getBoundingClientRect().height)).toBe(120);

  await slowChatRequests(page);
  await input.fill('When are invoices payable?');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(chat.getByText('Assistant is typing...')).toBeVisible();
  await expect(send).toBeDisabled();
  const answer = assistantMessages(page).last();
  await expect(answer).toContainText('30 days');
  await expect(answer.getByRole('button', { name: 'Insert' })).toBeEnabled();
  await expect(answer.locator('time')).toHaveText(/\d{1,2}:\d{2}/);

  const pointer = await selectTextInChat(page, '30 days');
  const insert = page.getByTestId('floating-insert');
  await expect(insert).toHaveText('Insert');
  await expect(insert).toBeVisible();
  const box = (await insert.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - pointer.x)).toBeLessThan(30);
  await insert.click();
  await expect(insert).toHaveCount(0);
  await expect(documentPages(page).locator('.layout-paragraph').first()).toContainText(/^30 days/);
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 10_000 }); // autosaved, no Ctrl+S
});

test('a save based on an old version is merged onto the latest, and the editor reopens it with a note', async ({ page }) => {
  const id = await contractForNewUser(page);
  const { bytes, version } = await currentContent(page, id);
  // A slow network for the first load, to see the loading state.
  let delayed = false;
  await page.route(`**/api/documents/${id}/content`, async (route) => {
    if (!delayed && route.request().method() === 'GET') {
      delayed = true;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await route.continue();
  });
  await page.goto(`/editor/${id}`);
  await expect(page.getByText('Loading document...')).toBeVisible();
  await openEditor(page, id);
  // Someone else saves first (another tab, another device).
  const elsewhere = await page.request.put(`/api/documents/${id}/content`, {
    headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'x-base-version': String(version) },
    data: bytes,
  });
  expect(elsewhere.status()).toBe(200);

  await selectWordInDocument(page, 'recieve');
  await page.keyboard.type('received');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('toasts').getByText(`Your changes were merged with version ${version + 1}, saved elsewhere; the document now has both.`)).toBeVisible();
  await expect(page.getByTestId('debug-editor-ready')).toHaveText('Yes');
  await expect(saveStatus(page)).toHaveText('Saved');
  await expect(documentPages(page)).toContainText('shall received payment');
  expect((await currentContent(page, id)).version).toBe(version + 2);
});

/**
 * Where the first page, and with `withCards` its comment cards too, sit in the scroll pane: how far
 * their centre is from the pane's, and their left and right edges in the pane.
 */
const pageInPane = (page: Page, withCards: boolean) =>
  page.evaluate((cards) => {
    const pane = document.querySelector('.docx-editor__scroll-container')!.getBoundingClientRect();
    const boxes = [...document.querySelectorAll(cards ? '.layout-page, .docx-unified-sidebar' : '.layout-page')].slice(0, cards ? 2 : 1);
    const rects = boxes.map((el) => el.getBoundingClientRect());
    const left = Math.min(...rects.map((b) => b.left)) - pane.left;
    const right = Math.max(...rects.map((b) => b.right)) - pane.left;
    return { offCentre: Math.round((left + right) / 2 - pane.width / 2), left, right, paneWidth: pane.width };
  }, withCards);

/**
 * Page (and cards) whole, and centred together. Within 4 px: with cards the editor's own box puts
 * the page a few px left of where the scroll range (which ends at 0) can centre it.
 */
async function expectCentred(page: Page, withCards: boolean, when: string) {
  await expect.poll(async () => Math.abs((await pageInPane(page, withCards)).offCentre), { message: `off centre ${when}` }).toBeLessThanOrEqual(4);
  const box = await pageInPane(page, withCards);
  expect(box.left, `left edge ${when}`).toBeGreaterThanOrEqual(0);
  expect(box.right, `right edge ${when}`).toBeLessThanOrEqual(box.paneWidth);
}

const zoomShown = (page: Page) => page.getByRole('toolbar').getByText(/^\d+%$/).first();

test('the page opens whole and centred in its pane and stays there once the editor has settled', async ({ page }) => {
  const id = await contractForNewUser(page);
  await openEditor(page, id);
  await page.waitForTimeout(3000); // the editor keeps laying out after it says it is ready
  await expectCentred(page, false, 'after 3 s');
  // A narrower window: the zoom is still ours, so the page is fitted again.
  await page.setViewportSize({ width: 1000, height: 800 });
  await expectCentred(page, false, 'after a resize');
  await expect(zoomShown(page)).not.toHaveText('100%');
});

test('opening the editor downloads each of its files and data once (the preloads are the requests the page uses)', async ({ page }) => {
  const id = await contractForNewUser(page);
  const requested: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/assets/') || pathname.startsWith('/api/')) requested.push(`${r.method()} ${pathname}`);
  });
  await openEditor(page, id);
  expect(requested.filter((r) => r.endsWith('.css')).length).toBeGreaterThan(0);
  const twice = requested.filter((r, i) => requested.indexOf(r) !== i);
  expect(twice).toEqual([]);
});

const COMMENTED = buildDocx({
  body:
    '<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>The Supplier shall deliver the goods.</w:t></w:r><w:commentRangeEnd w:id="0"/>' +
    '<w:r><w:commentReference w:id="0"/></w:r></w:p><w:p><w:r><w:t>Payment is due within 30 days.</w:t></w:r></w:p>',
  comments: '<w:comment w:id="0" w:author="Reviewer" w:date="2026-01-05T10:00:00Z"><w:p><w:r><w:t>Which goods?</w:t></w:r></w:p></w:comment>',
});

test('comment cards: beside the page when both fit at a readable zoom, else the page stays whole and centred', async ({ page }) => {
  await registerThroughUi(page, newAccount('cards'));
  const doc = await uploadThroughApi(page, { name: 'Commented.docx', mimeType: DOCX_MIME, buffer: Buffer.from(COMMENTED) });
  await expect.poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { status: string }).status).toBe('complete');
  await openEditor(page, doc.id);
  // After ready the cards come in and the editor slides the page left to make room for them.
  await expect(page.locator('.docx-unified-sidebar')).toBeAttached();
  await page.waitForTimeout(3000);
  // The 893 px pane of a laptop screen holds the page and its cards only below 75%: the page wins.
  await expectCentred(page, false, 'after 3 s at 1280 px');
  await expect(zoomShown(page)).toHaveText('100%');
  await page.screenshot({ path: screenshotPath('editor-centred-cards-laptop') });
  await page.setViewportSize({ width: 1700, height: 900 });
  await expectCentred(page, true, 'at 1700 px');
  await expect(page.getByText('Which goods?')).toBeInViewport();
  await page.screenshot({ path: screenshotPath('editor-centred-cards-wide') });
});

const LINKED = buildDocx({
  body: '<w:p><w:r><w:t xml:space="preserve">Notices are published on the </w:t></w:r><w:hyperlink r:id="rIdLink1"><w:r><w:t>notices page</w:t></w:r></w:hyperlink><w:r><w:t>.</w:t></w:r></w:p>',
  links: { rIdLink1: 'https://contoso.example/notices' },
});

// The embedded editor calls sonner's toast() and mounts sonner's Toaster; vite.config.ts sends both
// to the app's toasts (web/features/editor/embedded/editor-toasts.ts), so its messages follow
// docs/product.md §9's rules and the page has one notification region, not two.
test("the editor's own messages show in the app's one notification region", async ({ page }) => {
  await registerThroughUi(page, newAccount('linked'));
  const doc = await uploadThroughApi(page, { name: 'Linked.docx', mimeType: DOCX_MIME, buffer: Buffer.from(LINKED) });
  await expect.poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { status: string }).status).toBe('complete');
  await openEditor(page, doc.id);
  await page.locator('.layout-run-text', { hasText: 'notices page' }).first().click();
  await page.getByTitle('Copy link').click();
  await expect(toasts(page)).toContainText('Link copied to clipboard');
  await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);
  // Radix names its region 'Notifications (F8)'; sonner's would be 'Notifications alt+T'.
  const regions = page.getByRole('region', { name: /Notifications/, includeHidden: true });
  await expect(regions).toHaveCount(1);
  await expect(regions).toHaveAccessibleName('Notifications (F8)');
});

test('leaving with unsaved changes warns', async ({ page }) => {
  const id = await contractForNewUser(page);
  await openEditor(page, id);
  await selectWordInDocument(page, 'recieve');
  await page.keyboard.type('receive');
  await expect(saveStatus(page)).toHaveText('Unsaved changes');
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const warning = await dialog;
  expect(warning.type()).toBe('beforeunload');
  await warning.dismiss();
});

test('id states: invalid, not found; the landing page never loads the editor chunk', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('With AI');
  expect(scripts.filter((u) => EDITOR_CHUNK.test(u))).toEqual([]);

  await registerThroughUi(page, newAccount('editor-ids'));
  await page.goto('/editor/abc');
  await expect(page.getByRole('heading', { name: 'Invalid document ID' })).toBeVisible();
  expect(scripts.filter((u) => EDITOR_CHUNK.test(u))).toEqual([]);

  await page.goto('/editor/999999');
  await expect(page.getByRole('heading', { name: 'Document not found' })).toBeVisible();
  expect(scripts.filter((u) => EDITOR_CHUNK.test(u))).toHaveLength(1);
});
