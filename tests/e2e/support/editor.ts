/**
 * Editor steps done the way a person does them: text selected with a real mouse drag over the
 * painted page, buttons clicked, Ctrl+S pressed. The document comes in through the API.
 */
import { type Page, expect } from '@playwright/test';
import { contractDocx } from './contract-docx';
import { newAccount, registerThroughUi } from './journeys';
import { DOCX_MIME, uploadThroughApi } from './library';

export const chatPanel = (page: Page) => page.getByRole('complementary', { name: 'AI Chat Assistant' });
export const optionsCard = (page: Page) => page.getByRole('region', { name: 'AI Editing Options' });
export const saveStatus = (page: Page) => page.getByTestId('save-status');
export const assistantMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');
/** The Accept/Discard bar of an assistant's change previewed in the document. */
export const changePreview = (page: Page) => page.getByRole('region', { name: 'Change preview' });
/** The preview itself, painted over the page: the struck text's boxes and the new text. */
export const previewPainted = (page: Page, which: 'removed' | 'added') => page.locator(`.paged-editor__decoration-overlay [data-change-preview="${which}"]`);
/** The painted pages (what the user sees); ProseMirror's own DOM is hidden off-screen. */
export const documentPages = (page: Page) => page.locator('.paged-editor__pages');

/** A new account with the contract uploaded and processed; returns the document's id. */
export async function contractForNewUser(page: Page, name = 'Supply contract.docx') {
  await registerThroughUi(page, newAccount('editor'));
  const doc = await uploadThroughApi(page, { name, mimeType: DOCX_MIME, buffer: contractDocx() });
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${doc.id}`)).json()) as { status: string }).status)
    .toBe('complete');
  return doc.id;
}

/** Opens the editor and waits until it says it is ready; returns how long that took in ms. */
export async function openEditor(page: Page, id: number) {
  const started = Date.now();
  await page.goto(`/editor/${id}`);
  await expect(page.getByTestId('debug-editor-ready')).toHaveText('Yes', { timeout: 30_000 });
  return Date.now() - started;
}

/** The .docx bytes of the version the editor would open now, and that version's number. */
export async function currentContent(page: Page, id: number) {
  const response = await page.request.get(`/api/documents/${id}/content`);
  expect(response.status()).toBe(200);
  return { bytes: await response.body(), version: Number(response.headers()['x-document-version']) };
}

export async function downloadDocx(page: Page, id: number) {
  const response = await page.request.get(`/api/documents/${id}/download`);
  expect(response.status()).toBe(200);
  return response.body();
}

/** Drags the mouse across `word` where it is painted on the page, as a person selects it. */
export async function selectWordInDocument(page: Page, word: string) {
  await dragAcrossWord(page, word);
  await expect(page.getByTestId('debug-selected-text')).toHaveText(`“${word}”`);
}

/** The drag of selectWordInDocument, for screens without the chat's debug block. */
export async function dragAcrossWord(page: Page, word: string) {
  const run = page.locator('.layout-run-text', { hasText: word }).first();
  await run.scrollIntoViewIfNeeded();
  const box = await run.evaluate((el, w) => {
    const node = el.firstChild;
    const start = node?.textContent?.indexOf(w) ?? -1;
    if (!node || start < 0) throw new Error(`"${w}" is not painted as one run`);
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + w.length);
    const r = range.getBoundingClientRect();
    return { x: r.x, y: r.y + r.height / 2, width: r.width };
  }, word);
  await page.mouse.move(box.x + 1, box.y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, box.y, { steps: 4 });
  await page.mouse.up();
}

/** Selects `text` inside the chat's message bubble with a mouse drag; returns where the pointer let go. */
export async function selectTextInChat(page: Page, text: string) {
  const bubble = chatPanel(page).locator('[data-message-content]', { hasText: text }).last();
  const box = await bubble.evaluate((el, t) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const start = node.textContent?.indexOf(t) ?? -1;
      if (start < 0) continue;
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + t.length);
      const rects = range.getClientRects();
      const first = rects[0]!;
      const last = rects[rects.length - 1]!;
      return { x1: first.x + 1, y1: first.y + first.height / 2, x2: last.right - 1, y2: last.y + last.height / 2 };
    }
    throw new Error(`"${t}" is not in the message`);
  }, text);
  await page.mouse.move(box.x1, box.y1);
  await page.mouse.down();
  await page.mouse.move(box.x2, box.y2, { steps: 6 });
  await page.mouse.up();
  return { x: box.x2, y: box.y2 };
}

/**
 * Holds each chat POST back for a moment before it goes out, so the pending state ('Assistant is
 * typing...') is on screen long enough to be seen; the offline engine otherwise answers within a
 * frame or two. The answer still streams: the request continues unchanged.
 */
export async function slowChatRequests(page: Page, delayMs = 600) {
  await page.route('**/api/documents/*/chat', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}
