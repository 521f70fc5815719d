/**
 * The four saves done in Chromium with the real editor, the way a person does them (as the e2e
 * journeys do, tests/e2e/support/editor.ts): the word selected with a mouse drag over the painted
 * page, typed over, Ctrl+B, the chat's Replace with 'Suggest edits' on, Ctrl+S. Every PUT of the
 * document is recorded with its body (the editor's own package, before the server merges it) and
 * when it left, so the editor's export time and the server's merge can be timed on the same bytes.
 */
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../tests/support/chromium';

export const REPLACEMENT = 'Redrafted';
const READY_TIMEOUT_MS = 60_000;
const STEP_TIMEOUT_MS = 15_000;
/** After a Ctrl+S that should do nothing, how long to watch for a PUT anyway. */
const QUIET_MS = 1_500;

export type EditScenario = 'noop' | 'replace' | 'bold' | 'suggest';

/** Where the word is: its paragraph (painted with data-para-id) and which whole-word occurrence in it. */
export interface WordTarget {
  paraId: string;
  word: string;
  occurrence: number;
}

export interface SaveCapture {
  /** The editor's package as it was PUT (null: no PUT was sent). */
  body: Uint8Array | null;
  puts: number;
  status: number | null;
  /** Ctrl+S to the PUT leaving the page: the editor's serialisation plus our hook. */
  exportMs: number | null;
  /** Ctrl+S to the save status reading 'Saved' again. */
  roundTripMs: number | null;
  saveStatus: string;
  openMs: number;
  /** What happened on the way that is worth reading (a drag that had to be repeated). */
  notes: string[];
}

export class EditorSession {
  private constructor(
    private readonly browser: Browser,
    private readonly context: BrowserContext,
  ) {}

  static async launch(baseURL: string, session: { name: string; value: string }): Promise<EditorSession> {
    const browser = await chromium.launch(chromiumLaunchOptions);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
    await context.addCookies([{ ...session, url: baseURL }]);
    return new EditorSession(browser, context);
  }

  /** Signs the browser in as another account (the API's, after it registered a new one). */
  async signInAs(baseURL: string, session: { name: string; value: string }) {
    await this.context.clearCookies();
    await this.context.addCookies([{ ...session, url: baseURL }]);
  }

  async close() {
    await this.context.close();
    await this.browser.close();
  }

  /** Opens /editor/{id} in a new page, runs `edit`, and captures what the save sends. */
  async run(id: number, scenario: EditScenario | 'unedited', target: WordTarget | undefined): Promise<SaveCapture> {
    const page = await this.context.newPage();
    const puts: { at: number; body: Uint8Array | null }[] = [];
    let status: number | null = null;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith(`/api/documents/${id}/content`)) {
        const buf = r.postDataBuffer();
        puts.push({ at: performance.now(), body: buf ? new Uint8Array(buf) : null });
      }
    });
    page.on('response', (r) => {
      if (r.request().method() === 'PUT' && r.url().endsWith(`/api/documents/${id}/content`)) status = r.status();
    });
    try {
      const opened = performance.now();
      await page.goto(`/editor/${id}`);
      await page.getByTestId('debug-editor-ready').filter({ hasText: 'Yes' }).waitFor({ timeout: READY_TIMEOUT_MS });
      const openMs = performance.now() - opened;
      const notes = await this.edit(page, scenario, target);
      const pressed = performance.now();
      await page.keyboard.press('Control+s');
      let roundTripMs: number | null = null;
      if (scenario === 'unedited') {
        await page.waitForTimeout(QUIET_MS);
      } else {
        await page.waitForFunction(() => document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') !== 'unsaved', null, { timeout: STEP_TIMEOUT_MS }).catch(() => undefined);
        await page
          .waitForFunction(() => ['saved', 'failed', 'conflict'].includes(document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') ?? ''), null, { timeout: 60_000 })
          .catch(() => undefined);
        roundTripMs = performance.now() - pressed;
      }
      const saveStatus = (await page.getByTestId('save-status').textContent())?.trim() ?? '';
      const last = puts.at(-1);
      return {
        body: last?.body ?? null,
        puts: puts.length,
        status,
        exportMs: last && last.at >= pressed ? last.at - pressed : null,
        roundTripMs,
        saveStatus,
        openMs,
        notes,
      };
    } finally {
      await page.close();
    }
  }

  private async edit(page: Page, scenario: EditScenario | 'unedited', target: WordTarget | undefined): Promise<string[]> {
    if (scenario === 'unedited') return [];
    if (scenario === 'noop') {
      // A letter typed and taken back: the document is as it was, but the editor counts a change,
      // so Ctrl+S makes it export and the server merges its whole package.
      await clickEndOfFirstRun(page);
      await page.keyboard.type('x');
      await page.keyboard.press('Backspace');
      return [];
    }
    if (!target) throw new Error('no target word');
    if (scenario === 'suggest') {
      const chat = page.getByRole('complementary', { name: 'AI Chat Assistant' });
      const toggle = chat.getByRole('switch', { name: 'Suggest edits' });
      await toggle.click();
      for (let i = 0; (await toggle.getAttribute('aria-checked')) !== 'true'; i++) {
        if (i > 50) throw new Error("the 'Suggest edits' switch did not turn on");
        await page.waitForTimeout(100);
      }
    }
    const notes = await selectWord(page, target);
    if (scenario === 'replace') await page.keyboard.type(REPLACEMENT);
    else if (scenario === 'bold') await page.keyboard.press('Control+b');
    else {
      // The fake model answers every request with the replacement word; Replace applies it.
      const card = page.getByRole('region', { name: 'AI Editing Options' });
      await card.getByRole('button', { name: 'Proofread' }).click({ timeout: STEP_TIMEOUT_MS });
      const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
      await answer.getByRole('button', { name: 'Replace' }).click({ timeout: 30_000 });
    }
    // The change reaches the autosaver (status 'Unsaved changes') before Ctrl+S is pressed.
    await page.waitForFunction(() => document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') === 'unsaved', null, { timeout: STEP_TIMEOUT_MS });
    return notes;
  }
}

/** For a document without a word to edit: the caret at the end of the first painted text (or paragraph). */
async function clickEndOfFirstRun(page: Page) {
  const at = await page.evaluate(() => {
    // An empty document still has a paragraph to type in.
    const span =
      [...document.querySelectorAll('.layout-paragraph[data-para-id] .layout-run-text')].find((s) => (s.textContent ?? '').trim() !== '') ??
      document.querySelector('.layout-paragraph');
    if (!span) throw new Error('no painted paragraph to place the caret in');
    span.scrollIntoView({ block: 'center' });
    const r = span.getBoundingClientRect();
    return { x: r.right - 1, y: r.y + r.height / 2 };
  });
  await page.mouse.click(at.x, at.y);
}

/**
 * Drags the mouse over the word where it is painted. If the selection is not the word, one more
 * drag: the page may still have been moving (zoom to fit, fonts). Then give up.
 */
async function selectWord(page: Page, t: WordTarget): Promise<string[]> {
  await scrollUntilPainted(page, t.paraId);
  try {
    return await dragOver(page, t);
  } catch (first) {
    await page.waitForTimeout(500);
    const notes = await dragOver(page, t).catch(() => {
      throw new Unreachable(message(first));
    });
    return [`the first mouse drag missed (${message(first)}); the second selected the word`, ...notes];
  }
}

/**
 * A long document's pages are painted only near the view (the editor virtualises them), so the
 * harness scrolls down a screen at a time, as a reader would, until the paragraph is painted.
 */
async function scrollUntilPainted(page: Page, paraId: string): Promise<void> {
  const painted = `.layout-paragraph[data-para-id="${paraId}"]`;
  for (let step = 0; step < 5_000 && (await page.locator(painted).count()) === 0; step++) {
    const moved = await page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('.docx-editor__scroll-container');
      if (!scroller) return false;
      const before = scroller.scrollTop;
      scroller.scrollTop = before + scroller.clientHeight * 0.8;
      return scroller.scrollTop > before;
    });
    if (!moved) break;
    await page.waitForTimeout(30);
  }
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/^page\.evaluate: Error: /, '').split('\n')[0]!;

/** The word could not be selected (not painted, or not by a mouse): nothing was edited yet. */
export class Unreachable extends Error {}

async function dragOver(page: Page, t: WordTarget): Promise<string[]> {
  let box = await wordBox(page, t);
  // Wait for the layout to hold still: the editor zooms to fit and lays out again after it is ready.
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const again = await wordBox(page, t);
    if (again.x === box.x && again.y === box.y && again.width === box.width) break;
    box = again;
  }
  await page.mouse.move(box.x + 1, box.y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, box.y, { steps: 4 });
  await page.mouse.up();
  if (await selectionIs(page, t.word)) return [];
  // A drag that ends a glyph short (or long) of a narrow last letter is put right with
  // Shift+Arrow, as a person would; the selection must then be exactly the word.
  const shown = (await selectedText(page)) ?? '';
  const key = t.word.startsWith(shown) && shown !== '' ? 'Shift+ArrowRight' : shown.startsWith(t.word) ? 'Shift+ArrowLeft' : undefined;
  if (key) {
    for (let i = 0; i < Math.abs(t.word.length - shown.length); i++) await page.keyboard.press(key);
    if (await selectionIs(page, t.word)) return [`the drag selected “${shown}”; Shift+Arrow made it “${t.word}”`];
  }
  throw new Error(`the mouse selected ${shown === '' ? '(none)' : `“${shown}”`}, not “${t.word}”`);
}

/** The selection as the chat's debug block shows it (“…”), or undefined for none. */
async function selectedText(page: Page): Promise<string | undefined> {
  const shown = (await page.getByTestId('debug-selected-text').textContent()) ?? '';
  return shown.startsWith('“') && shown.endsWith('”') ? shown.slice(1, -1) : undefined;
}

async function selectionIs(page: Page, word: string): Promise<boolean> {
  return page
    .waitForFunction((w) => document.querySelector('[data-testid="debug-selected-text"]')?.textContent === `“${w}”`, word, { timeout: 5_000 })
    .then(() => true, () => false);
}

/**
 * Where the word is painted: the paragraph's painted fragments (a paragraph split over pages has
 * several), the occurrence-th whole-word match in the text of its `.layout-run-text` spans read
 * in order, tabs and breaks between them (a word may be painted as several spans, one per run or per glyph cluster). A match
 * that does not lie on one line is an error: a drag over it would not select just the word.
 */
async function wordBox(page: Page, t: WordTarget): Promise<{ x: number; y: number; width: number }> {
  return page.evaluate(({ paraId, word, occurrence }) => {
    const fragments = [...document.querySelectorAll(`.layout-paragraph[data-para-id="${paraId}"]`)];
    if (fragments.length === 0) throw new Error(`paragraph ${paraId} is not painted`);
    const nodes: { node: Node; from: number }[] = [];
    let text = '';
    for (const fragment of fragments) {
      for (const span of fragment.querySelectorAll('.layout-run-text, .layout-run-tab, .layout-run-linebreak')) {
        // A painted tab or break parts words as the document's does ("Assigned<tab>Left").
        if (!span.classList.contains('layout-run-text')) {
          text += '\t';
          continue;
        }
        const node = span.firstChild;
        if (!node?.textContent) continue;
        nodes.push({ node, from: text.length });
        text += node.textContent;
      }
    }
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'gu');
    const m = [...text.matchAll(re)][occurrence];
    if (!m) throw new Error(`"${word}" (occurrence ${occurrence}) is not painted in paragraph ${paraId}`);
    // No named functions in here: tsx wraps them in a helper the page does not have.
    const end = m.index + word.length;
    const a = nodes.findLast((x) => x.from <= m.index)!;
    const b = nodes.findLast((x) => x.from < end)!;
    (a.node.parentElement as HTMLElement).scrollIntoView({ block: 'center' });
    const range = document.createRange();
    range.setStart(a.node, m.index - a.from);
    range.setEnd(b.node, end - b.from);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    if (rects.some((r) => Math.abs(r.y - rects[0]!.y) > 1)) throw new Error(`"${word}" (occurrence ${occurrence}) is painted over two lines in paragraph ${paraId}`);
    const r = range.getBoundingClientRect();
    return { x: r.x, y: r.y + r.height / 2, width: r.width };
  }, t);
}
