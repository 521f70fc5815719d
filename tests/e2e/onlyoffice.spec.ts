/**
 * With DOCUMENT_SERVER_URL set (docs/onlyoffice.md, decision 013), documents open in ONLYOFFICE
 * Docs behind the same EditorAdapter, and the chat works unchanged. The Document Server is the fake one of
 * tests/support/fake-document-server: it really verifies the config's token and downloads the
 * document from Redraft, and its assistant plugin is the real one (onlyoffice-plugin/).
 */
import { RED_BOLD_RUN } from './support/contract-docx';
import { assistantMessages, chatPanel, contractForNewUser, optionsCard, saveStatus } from './support/editor';
import { expect } from './support/fixtures';
import { screenshotPath } from './support/journeys';
import {
  documentKey,
  documentKeyLine,
  editorFrame,
  expectEditorAndPluginReady,
  fakeDocument,
  selectInFakeEditor,
  test,
} from './support/onlyoffice';

/** The body of contractDocx(), paragraph by paragraph, as Word would show it. */
const CONTRACT_PARAGRAPHS = [
  'This Services Agreement is made between Northwind Ltd (the Customer) and Contoso Supplies (the Supplier).',
  'The Supplier will deliver the services described in Schedule 1 from the start date.',
  `Payment. ${RED_BOLD_RUN} No other terms apply.`,
  'Invoices are payable within 30 days of receipt by the Customer.',
  'Either party may end this agreement with 60 days written notice to the other party.',
  'This agreement is governed by the laws of England and Wales.',
];

/** The embedded editor's chunks: a server with ONLYOFFICE Docs never sends them. */
const EMBEDDED_CHUNK = /\/assets\/(editor-workspace|embedded-[a-z-]+)-[^/]*\.js$/;

test('a document opens in ONLYOFFICE Docs; a selection there gets an answer that Replace puts back', async ({ page, onlyoffice }) => {
  const { ds, server } = onlyoffice;
  const id = await contractForNewUser(page);
  const scripts: string[] = [];
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
    if (r.url().includes(`/api/documents/${id}/content`) && r.method() !== 'GET') uploads.push(`${r.method()} ${r.url()}`);
  });

  const callbackStatus = page.waitForResponse((r) => r.url().endsWith(`/api/documents/${id}/callback/status`), { timeout: 30_000 });
  await page.goto(`/editor/${id}`);
  await expectEditorAndPluginReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Supply contract.docx' })).toBeVisible();
  // The editor shows the paragraphs of the file the Document Server downloaded: the uploaded contract.
  await expect(fakeDocument(page).locator('p')).toHaveText(CONTRACT_PARAGRAPHS);
  const key = await documentKey(page);
  // The page loaded the Document Server's api.js with the key as shard key, and not the embedded editor.
  expect(scripts).toContain(`${ds.url}/web-apps/apps/api/documents/api.js?shardkey=${encodeURIComponent(key)}`);
  expect(scripts.filter((u) => EMBEDDED_CHUNK.test(u))).toEqual([]);
  // The Document Server downloaded the document from Redraft itself, with the signed URL and no cookie.
  const opened = ds.opened.filter((o) => o.url.startsWith(`${server.url}/api/documents/${id}/`));
  expect(opened).toHaveLength(1);
  expect(opened[0]).toMatchObject({ status: 200 });
  expect(opened[0]!.bytes).toBeGreaterThan(1000);
  await expect(saveStatus(page)).toHaveText('Saved');
  await expect(page.getByTestId('plugin-note')).toHaveCount(0);

  const chat = chatPanel(page);
  await expect(chat.getByText('Select text in the document first')).toBeVisible();
  await selectInFakeEditor(page, 'recieve');
  await expect(page.getByTestId('debug-selected-text')).toHaveText('“recieve”');
  await expect(optionsCard(page)).toBeVisible();
  await expect(optionsCard(page).getByTestId('options-selection')).toHaveText('“recieve”');
  await page.waitForTimeout(250); // the card's 0.2 s fade-in
  await page.screenshot({ path: screenshotPath('onlyoffice-editor') });

  await optionsCard(page).getByRole('button', { name: 'Proofread' }).click();
  await expect(optionsCard(page)).toHaveCount(0);
  const answer = assistantMessages(page).last();
  await expect(answer).toContainText('receive');
  await answer.getByRole('button', { name: 'Replace' }).click();
  await expect(fakeDocument(page)).toContainText('The Supplier shall receive payment.');
  // The plugin reports the caret after the pasted text: nothing is selected any more.
  await expect(page.getByTestId('debug-selected-text')).toHaveText('(none)');
  await expect(answer.getByRole('button', { name: 'Insert' })).toBeVisible();
  // The editor says when its changes reached the Document Server; the page uploads nothing.
  await expect(saveStatus(page)).toHaveText('Saved');
  expect(uploads).toEqual([]);
  // A few seconds after opening, the page asks whether the Document Server has called back: it has.
  const status = (await (await callbackStatus).json()) as { key: string; lastCallbackAt: string | null };
  expect(status.key).toBe(key);
  expect(status.lastCallbackAt).not.toBeNull();
  await expect(page.getByTestId('callback-note')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('onlyoffice-editor-replaced') });
});

test('a version conflict fetches a new config and the editor reopens with a new key, without a page reload', async ({ page }) => {
  const id = await contractForNewUser(page);
  await page.goto(`/editor/${id}`);
  await expectEditorAndPluginReady(page);
  await expect(documentKeyLine(page)).toContainText('Document key:');
  const before = await documentKey(page);
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));

  const refreshed = page.waitForResponse((r) => r.url().endsWith(`/api/documents/${id}/config/refresh`) && r.request().method() === 'POST');
  await editorFrame(page).getByRole('button', { name: 'Simulate version conflict' }).click();
  const answer = (await (await refreshed).json()) as { document: { key: string } };
  expect(answer.document.key).not.toBe(before);
  await expect(documentKeyLine(page)).toContainText(`Document key: ${answer.document.key}`);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expectEditorAndPluginReady(page);
});

test('the reference editor logs what is selected and sent, and sends only non-blank text', async ({ page }) => {
  const id = await contractForNewUser(page);
  await page.goto(`/editor-original/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Supply contract.docx (Original)' })).toBeVisible();
  await expect(page.getByTestId('editor-ready-badge')).toHaveText('Ready', { timeout: 30_000 });
  await expect(page.getByTestId('plugin-ready-badge')).toHaveText('Plugin Ready');
  const send = page.getByRole('button', { name: 'Send to Editor' });
  const testSelection = page.getByRole('button', { name: 'Test Selection' });
  await expect(send).toBeEnabled();
  await expect(testSelection).toBeEnabled();

  const log = page.getByTestId('plugin-log-entry');
  await selectInFakeEditor(page, 'recieve');
  await expect(log.last()).toContainText('Selected');
  await expect(log.last()).toContainText('recieve');
  await expect(log.last().locator('time')).toHaveText(/\d{1,2}:\d{2}:\d{2}/);
  await testSelection.click();
  await expect(log).toHaveCount(2);
  await expect(log.last()).toContainText('Selection');
  await expect(log.last()).toContainText('recieve');

  const input = page.getByPlaceholder('Text to insert...');
  await input.fill('   ');
  await send.click();
  await expect(log).toHaveCount(2);
  // As with the embedded editor, the text goes in right after the selection, which stays.
  await input.fill(' (checked)');
  await send.click();
  await expect(fakeDocument(page)).toContainText('The Supplier shall recieve (checked) payment.');
  await expect(log.filter({ hasText: 'Sent' })).toHaveCount(1);
  await expect(input).toHaveValue('');
  // The Document Server saves by itself; the header follows what its editor says.
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await page.screenshot({ path: screenshotPath('onlyoffice-editor-original') });
});

test('/demo opens the public sample read-only in ONLYOFFICE, signed out', async ({ page, onlyoffice }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'ONLYOFFICE Demo' })).toBeVisible();
  await expect(page).toHaveTitle(/ONLYOFFICE Demo/);
  // The Document Server opened the sample as the signed config says: view-only.
  await expect(editorFrame(page).locator('#status')).toHaveText('Viewing', { timeout: 30_000 });
  await expect(editorFrame(page).locator('#title')).toHaveText('Services Agreement.docx');
  await expect(fakeDocument(page)).toContainText('Either party may end it with 30 days written notice.');
  await expect(fakeDocument(page)).not.toBeEditable();
  await expect(editorFrame(page).getByRole('button', { name: 'Simulate version conflict' })).toBeHidden();
  const before = await fakeDocument(page).textContent();
  await fakeDocument(page).click();
  await page.keyboard.type('typed by a visitor');
  await expect(fakeDocument(page)).toHaveText(before ?? '');
  expect(onlyoffice.ds.opened.some((o) => o.url === `${onlyoffice.server.url}/api/demo/document` && o.status === 200)).toBe(true);
  await page.screenshot({ path: screenshotPath('onlyoffice-demo') });
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test.describe('when parts of ONLYOFFICE Docs cannot be reached', () => {
  // One pattern: Playwright reads a two-element array as [value, fixture options].
  test.use({ allowedConsoleErrors: [/^Error load DocsAPI from http:\/\/127\.0\.0\.1:\d+$|net::ERR_FAILED/] });

  test('no editor script: the editor says what to check; /demo says it briefly', async ({ page, onlyoffice }) => {
    const id = await contractForNewUser(page);
    await page.route('**/web-apps/apps/api/documents/api.js*', (route) => route.abort());
    await page.goto(`/editor/${id}`);
    await expect(page.getByTestId('editor-failure')).toHaveText(
      `The editor could not be loaded from ${onlyoffice.ds.url}. Check that ONLYOFFICE Docs is running there and that DOCUMENT_SERVER_URL is right.`,
    );
    await expect(page.getByTestId('debug-editor-ready')).toHaveText('No');

    await page.goto('/demo');
    await expect(page.getByRole('heading', { level: 1, name: 'ONLYOFFICE Demo' })).toBeVisible();
    await expect(page.getByTestId('editor-failure')).toHaveText('The ONLYOFFICE editor could not be loaded.');
  });

  test('a plugin that never starts: a note says what to check, and the editor still works', async ({ page, onlyoffice }) => {
    const id = await contractForNewUser(page);
    await page.route('**/sdkjs-plugins/redraft-assistant/**', (route) => route.abort());
    await page.goto(`/editor/${id}`);
    await expect(page.getByTestId('debug-editor-ready')).toHaveText('Yes', { timeout: 30_000 });
    const note = page.getByTestId('plugin-note');
    await expect(note).toContainText('The Redraft assistant plugin did not start');
    await expect(note).toContainText(`${onlyoffice.server.url}/sdkjs-plugins/redraft-assistant/config.json`);
    await expect(page.getByTestId('debug-plugin-ready')).toHaveText('No');
    await expect(assistantMessages(page)).toHaveCount(0);
    await expect(fakeDocument(page)).toBeVisible();
    await page.screenshot({ path: screenshotPath('onlyoffice-plugin-missing') });
    await note.getByRole('button', { name: 'Dismiss' }).click();
    await expect(note).toHaveCount(0);
  });

  test('a Document Server that never called back: a note says its saves would fail and what to check', async ({ page, onlyoffice }) => {
    const id = await contractForNewUser(page);
    // As if the callbacks never reached Redraft: the status the page asks for says none came.
    await page.route(`**/api/documents/${id}/callback/status`, async (route) => {
      const response = await route.fetch();
      const status = (await response.json()) as { key: string };
      await route.fulfill({ response, json: { key: status.key, lastCallbackAt: null } });
    });
    await page.goto(`/editor/${id}`);
    await expect(page.getByTestId('debug-editor-ready')).toHaveText('Yes', { timeout: 30_000 });
    await expect(page.getByTestId('callback-note')).toHaveText(
      `ONLYOFFICE Docs has not called Redraft back at ${onlyoffice.server.url}, so your changes may not be saved. Check that it can reach that address (PUBLIC_URL).`,
    );
    // Not 'Saved' beside that note: the header says nothing about saving.
    await expect(page.getByTestId('save-status')).toHaveCount(0);
  });
});
