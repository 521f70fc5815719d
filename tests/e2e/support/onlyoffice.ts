/**
 * Journeys with ONLYOFFICE Docs: a Redraft server started with DOCUMENT_SERVER_URL pointing at the
 * fake Document Server (tests/support/fake-document-server), whose editor frame the steps use the
 * way a person would: selecting with the mouse, clicking its buttons.
 */
import { type FrameLocator, type Page, expect } from '@playwright/test';
import { type FakeDocumentServer, startFakeDocumentServer } from '../../support/fake-document-server/server';
import type { TestServer } from '../../support/server-process';
import { test as base, startWithWebApp } from './fixtures';

/** At least 16 characters, as the server requires of a JWT secret. */
export const DS_SECRET = 'e2e-document-server-secret';

export type OnlyofficeSetup = { ds: FakeDocumentServer; server: TestServer };

/**
 * The fake Document Server with `dsSecret`, and Redraft pointed at it with `redraftSecret` (a
 * different one to see what a misconfigured secret looks like), calling back at its own URL.
 */
export async function startOnlyoffice({ dsSecret = DS_SECRET, redraftSecret = DS_SECRET } = {}): Promise<OnlyofficeSetup & { dispose(): Promise<void> }> {
  const ds = await startFakeDocumentServer({ secret: dsSecret });
  try {
    const server = await startWithWebApp({ env: { DOCUMENT_SERVER_URL: ds.url, DOCUMENT_SERVER_JWT_SECRET: redraftSecret }, publicUrlIsOwn: true });
    return {
      ds,
      server,
      dispose: async () => {
        await server.dispose();
        await ds.close();
      },
    };
  } catch (error) {
    await ds.close();
    throw error;
  }
}

/** The editor's iframe, on the Document Server's origin. */
export const editorFrame = (page: Page): FrameLocator => page.frameLocator('[data-testid="onlyoffice-editor"] iframe');
/** The document as the fake editor shows it. */
export const fakeDocument = (page: Page) => editorFrame(page).getByRole('textbox', { name: 'Document' });
/** The fake editor's 'Document key: … · opened N bytes' line. */
export const documentKeyLine = (page: Page) => editorFrame(page).locator('#meta');

export async function documentKey(page: Page) {
  const text = (await documentKeyLine(page).textContent()) ?? '';
  const key = /Document key: (\S+)/.exec(text)?.[1];
  if (!key) throw new Error(`No document key in "${text}"`);
  return key;
}

/** Drags the mouse across `word` in the fake editor's document, as a person selects it. */
export async function selectInFakeEditor(page: Page, word: string) {
  const frameBox = await page.locator('[data-testid="onlyoffice-editor"] iframe').boundingBox();
  if (!frameBox) throw new Error('The editor frame is not on screen');
  const paragraph = fakeDocument(page).locator('p', { hasText: word }).first();
  const box = await paragraph.evaluate((el, w) => {
    const node = el.firstChild;
    const start = node?.textContent?.indexOf(w) ?? -1;
    if (!node || start < 0) throw new Error(`"${w}" is not in one text node`);
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + w.length);
    const r = range.getBoundingClientRect();
    return { x: r.x, y: r.y + r.height / 2, width: r.width };
  }, word);
  const x = frameBox.x + box.x;
  const y = frameBox.y + box.y;
  await page.mouse.move(x + 1, y);
  await page.mouse.down();
  await page.mouse.move(x + box.width / 2, y, { steps: 4 });
  await page.mouse.move(x + box.width - 1, y, { steps: 4 });
  await page.mouse.up();
}

/** Waits until the page says the editor and the plugin are both ready (the chat's debug block). */
export async function expectEditorAndPluginReady(page: Page) {
  await expect(page.getByTestId('debug-editor-ready')).toHaveText('Yes', { timeout: 30_000 });
  await expect(page.getByTestId('debug-plugin-ready')).toHaveText('Yes', { timeout: 15_000 });
}

/**
 * `test` for journeys with ONLYOFFICE: one Redraft and one fake Document Server per worker. The
 * worker option `redraftSecret`, set at the top of a spec file, gives Redraft another secret.
 */
export const test = base.extend<object, { redraftSecret: string; onlyoffice: OnlyofficeSetup }>({
  redraftSecret: [DS_SECRET, { option: true, scope: 'worker' }],
  onlyoffice: [
    async ({ redraftSecret }, use) => {
      const setup = await startOnlyoffice({ redraftSecret });
      await use(setup);
      await setup.dispose();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  server: async ({ onlyoffice }, use) => {
    await use(onlyoffice.server);
  },
});
