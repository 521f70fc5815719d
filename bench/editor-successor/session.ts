/** Chromium driving the two bare pages: open a document and wait for the editor, call the page's probe. */
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../tests/support/chromium';

export type Editor = 'v1' | 'v2';
export const EDITORS: readonly Editor[] = ['v1', 'v2'];
export const LABEL: Record<Editor, string> = { v1: '1.9.0', v2: '2.35.0' };

export interface Marks {
  painted?: number;
  ready?: number;
  created?: number;
}

export interface Opened {
  page: Page;
  marks: Marks;
  error: string | null;
}

export const launch = (): Promise<Browser> => chromium.launch(chromiumLaunchOptions);
export const newContext = (browser: Browser) => browser.newContext({ viewport: { width: 1280, height: 800 } });

/** Goes to the page and waits until the editor is ready or reports an error. */
export async function open(context: BrowserContext, url: string, timeoutMs = 120_000): Promise<Opened> {
  const page = await context.newPage();
  page.on('pageerror', (e) => void page.evaluate((m) => ((window as unknown as { __bench: { error: string } }).__bench.error ??= m), e.message).catch(() => undefined));
  await page.goto(url);
  const state = () => page.evaluate(() => (window as unknown as { __bench?: { marks: Marks; error: string | null } }).__bench);
  await page
    .waitForFunction(
      () => {
        const b = (window as unknown as { __bench?: { marks: Marks; error: string | null } }).__bench;
        return !!b && (b.marks.ready !== undefined || !!b.error);
      },
      null,
      { polling: 50, timeout: timeoutMs },
    )
    .catch(() => undefined);
  const b = await state();
  return { page, marks: b?.marks ?? {}, error: b?.error ?? (b?.marks.ready === undefined ? `not ready after ${timeoutMs} ms` : null) };
}

/** Calls window.__bench[name](...args) in the page. */
export function call<T>(page: Page, name: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    async ({ name, args }) => {
      const b = (window as unknown as { __bench: Record<string, (...a: unknown[]) => unknown> }).__bench;
      return (await b[name]!(...args)) as never;
    },
    { name, args },
  );
}

export async function save(page: Page): Promise<Uint8Array> {
  return new Uint8Array(Buffer.from(await call<string>(page, 'save'), 'base64'));
}
