/**
 * The Business Model tab of the admin board (docs/product.md §2 and §5, 8; docs/decisions/012-board-order-under-one-lock.md): the nine elements with their
 * questions and counts, adding, editing, reordering and deleting items, the docs/product.md §8 toasts when the
 * server fails, keyboard use, and axe-core at desktop and phone width.
 */
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test as base } from './support/fixtures';
import { newAccount, registerThroughUi, screenshotPath } from './support/journeys';

// The first account on an empty instance is staff: each journey gets its own instance.
const test = base.extend({ server: async ({ freshServer }, use) => use(freshServer) });

/** docs/product.md §2's nine elements, in order, with the question each one shows (written out, not imported: the test checks the app). */
const ELEMENTS = [
  ['Customer Segments', 'Who are your most important customers?'],
  ['Value Propositions', 'What value do you deliver to the customer?'],
  ['Channels', 'How do you reach your customers?'],
  ['Customer Relationships', 'What relationship does each segment expect?'],
  ['Revenue Streams', 'For what value are customers willing to pay?'],
  ['Key Resources', 'What key resources does your value proposition require?'],
  ['Key Activities', 'What key activities does your value proposition require?'],
  ['Key Partnerships', 'Who are your key partners and suppliers?'],
  ['Cost Structure', 'What are the most important costs in your business model?'],
] as const;

const EMPTY = 'No items yet. Add your first item above.';
const SCRIPT_TITLE = '<script>window.__canvasXss = 1</script><img src=x onerror="window.__canvasXss = 2">';
const SQL_TITLE = "Robert'); DROP TABLE business_model_items; --";
/** A 500 in our error shape (docs/product.md §8: every API error is {error: {code, message}}). */
const SERVER_ERROR = { status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"Something went wrong on our side. Reference: req-42"}}' };

/** A toast by its title; a modal dialog hides the rest of the page from the accessibility tree, toasts included. */
const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });

const elementTab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}(,|$)`) });
const items = (page: Page) => page.getByTestId('canvas-item');
const itemTitles = (page: Page) => items(page).getByRole('heading', { level: 3 });
const titleField = (page: Page) => page.getByRole('textbox', { name: 'Title' });
const descriptionField = (page: Page) => page.getByRole('textbox', { name: 'Description (optional)' });

async function openCanvas(page: Page) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Business Model' }).click();
  await expect(elementTab(page, 'Customer Segments')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Loading items...')).toHaveCount(0);
}

async function chooseElement(page: Page, label: string) {
  await elementTab(page, label).click();
  await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible();
}

async function addItem(page: Page, title: string, description = '') {
  await titleField(page).fill(title);
  await descriptionField(page).fill(description);
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(toast(page, 'Item added successfully')).toBeVisible();
  await expect(itemTitles(page).filter({ hasText: title }).first()).toBeVisible();
}

async function expectCount(page: Page, label: string, count: number) {
  await expect(elementTab(page, label)).toHaveAccessibleName(`${label}, ${count} ${count === 1 ? 'item' : 'items'}`);
  await expect(elementTab(page, label).getByTestId('element-count')).toHaveText(String(count));
}

test('staff add, edit, reorder and delete canvas items; order and counts survive a reload', async ({ page }) => {
  await registerThroughUi(page, newAccount('canvas'));
  await openCanvas(page);

  // Every element: its label and count in the list, its label and question once chosen.
  for (const [label, question] of ELEMENTS) {
    await expectCount(page, label, 0);
    await chooseElement(page, label);
    await expect(page.getByText(question, { exact: true })).toBeVisible();
    await expect(page.getByText(EMPTY)).toBeVisible();
  }
  await expect(page.getByRole('tablist', { name: 'Canvas elements' }).getByRole('tab')).toHaveCount(9);

  // Add: an empty title is refused beside the field, before anything is sent.
  await chooseElement(page, 'Customer Segments');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(titleField(page)).toHaveAttribute('aria-invalid', 'true');
  await addItem(page, 'Small law firms', 'Two to twenty lawyers,\nno in-house IT.');
  await expect(page.getByText('Title is required')).toHaveCount(0);
  await expect(titleField(page)).toHaveValue('');
  await expect(items(page)).toHaveCount(1);
  await expect(items(page)).toContainText('Two to twenty lawyers,');
  await expectCount(page, 'Customer Segments', 1);

  // Edit: the form takes the item's values; an emptied title is refused; the change is saved.
  await page.getByRole('button', { name: 'Edit "Small law firms"' }).click();
  await expect(titleField(page)).toBeFocused();
  await expect(titleField(page)).toHaveValue('Small law firms');
  await expect(descriptionField(page)).toHaveValue('Two to twenty lawyers,\nno in-house IT.');
  await titleField(page).fill('   ');
  await page.getByRole('button', { name: 'Update Item' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await titleField(page).fill('Small and mid-size law firms');
  await page.getByRole('button', { name: 'Update Item' }).click();
  await expect(toast(page, 'Item updated successfully')).toBeVisible();
  await expect(itemTitles(page)).toHaveText(['Small and mid-size law firms']);
  await expect(page.getByRole('button', { name: 'Add Item' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit "Small and mid-size law firms"' })).toBeFocused();

  // Two more, then reorder with Move up / Move down.
  await addItem(page, 'Publishers');
  await addItem(page, 'Universities');
  await expect(itemTitles(page)).toHaveText(['Small and mid-size law firms', 'Publishers', 'Universities']);
  await expect(page.getByRole('button', { name: 'Move "Small and mid-size law firms" up' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('button', { name: 'Move "Universities" down' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Move "Universities" up' }).click();
  await expect(itemTitles(page)).toHaveText(['Small and mid-size law firms', 'Universities', 'Publishers']);
  await page.getByRole('button', { name: 'Move "Small and mid-size law firms" down' }).click();
  await expect(itemTitles(page)).toHaveText(['Universities', 'Small and mid-size law firms', 'Publishers']);
  // An unavailable move does nothing (force: Playwright will not click an aria-disabled button, a person can).
  await page.getByRole('button', { name: 'Move "Universities" up' }).click({ force: true });
  await expect(itemTitles(page)).toHaveText(['Universities', 'Small and mid-size law firms', 'Publishers']);
  await expectCount(page, 'Customer Segments', 3);

  // Script and SQL in titles are text, nothing more.
  await chooseElement(page, 'Channels');
  await addItem(page, SCRIPT_TITLE);
  await addItem(page, SQL_TITLE);
  await expect(itemTitles(page)).toHaveText([SCRIPT_TITLE, SQL_TITLE]);
  expect(await page.evaluate(() => (window as { __canvasXss?: number }).__canvasXss)).toBeUndefined();
  await expectCount(page, 'Channels', 2);

  // After a reload the order and the counts come from the server.
  await page.reload();
  await openCanvas(page);
  await expectCount(page, 'Customer Segments', 3);
  await expectCount(page, 'Channels', 2);
  await expectCount(page, 'Value Propositions', 0);
  await expect(itemTitles(page)).toHaveText(['Universities', 'Small and mid-size law firms', 'Publishers']);
  await chooseElement(page, 'Channels');
  await expect(itemTitles(page)).toHaveText([SCRIPT_TITLE, SQL_TITLE]);

  // Delete asks first; Cancel keeps the item.
  await page.getByRole('button', { name: `Delete "${SQL_TITLE}"` }).click();
  let dialog = page.getByRole('alertdialog', { name: 'Delete Item' });
  await expect(dialog).toContainText(`Are you sure you want to delete "${SQL_TITLE}"? This action cannot be undone.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(items(page)).toHaveCount(2);

  for (const title of [SQL_TITLE, SCRIPT_TITLE]) {
    await page.getByRole('button', { name: `Delete "${title}"` }).click();
    dialog = page.getByRole('alertdialog', { name: 'Delete Item' });
    await expect(dialog.getByText(`Are you sure you want to delete "${title}"? This action cannot be undone.`, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Item deleted successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(itemTitles(page).filter({ hasText: title })).toHaveCount(0);
  }
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expectCount(page, 'Channels', 0);
  expect(await page.evaluate(() => (window as { __canvasXss?: number }).__canvasXss)).toBeUndefined();

  await page.reload();
  await openCanvas(page);
  await expectCount(page, 'Channels', 0);
  await expectCount(page, 'Customer Segments', 3);
});

test.describe('when the server fails', () => {
  // The refused connection below is logged by Chromium; it is the point of that step.
  test.use({ allowedConsoleErrors: [/net::ERR_CONNECTION_REFUSED/] });

  test('failed calls show the docs/product.md §8 toasts and change nothing on screen', async ({ page }) => {
    await registerThroughUi(page, newAccount('canvas-fail'));
    await openCanvas(page);
    await addItem(page, 'Agencies');
    await addItem(page, 'Freelancers');

    // Create: the server's message, else the error's own, under 'Failed to add item'.
    await page.route('**/api/business-model', (route) => (route.request().method() === 'POST' ? route.fulfill(SERVER_ERROR) : route.fallback()));
    await titleField(page).fill('Never saved');
    await page.getByRole('button', { name: 'Add Item' }).click();
    let failed = toast(page, 'Failed to add item');
    await expect(failed).toContainText('Something went wrong on our side. Reference: req-42');
    await expect(failed).toHaveClass(/destructive/);
    await expect(titleField(page)).toHaveValue('Never saved');
    await page.unroute('**/api/business-model');
    await page.route('**/api/business-model', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback()));
    await page.getByRole('button', { name: 'Add Item' }).click();
    failed = toast(page, 'Failed to add item');
    await expect(failed).toContainText('Could not reach Redraft. Check your connection and try again.');
    await page.unroute('**/api/business-model');
    await expect(items(page)).toHaveCount(2);

    // Update.
    await page.route('**/api/business-model/*', (route) => (route.request().method() === 'PATCH' ? route.fulfill(SERVER_ERROR) : route.fallback()));
    await page.getByRole('button', { name: 'Edit "Agencies"' }).click();
    await titleField(page).fill('Creative agencies');
    await page.getByRole('button', { name: 'Update Item' }).click();
    failed = toast(page, 'Failed to update item');
    await expect(failed).toBeVisible();
    await expect(failed).toHaveClass(/destructive/);
    await expect(titleField(page)).toHaveValue('Creative agencies');
    await expect(itemTitles(page)).toHaveText(['Agencies', 'Freelancers']);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute('**/api/business-model/*');

    // Delete: the dialog stays open with its question, the item stays.
    await page.route('**/api/business-model/*', (route) => (route.request().method() === 'DELETE' ? route.fulfill(SERVER_ERROR) : route.fallback()));
    await page.getByRole('button', { name: 'Delete "Freelancers"' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Item' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    failed = toast(page, 'Failed to delete item');
    await expect(failed).toBeVisible();
    await expect(failed).toHaveClass(/destructive/);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute('**/api/business-model/*');
    await expect(itemTitles(page)).toHaveText(['Agencies', 'Freelancers']);

    // Move: the item moves at once, and moves back when the server refuses. The list cannot be
    // fetched again meanwhile, so the rollback is the page's own doing, not a refetch.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/business-model/*/move', async (route) => {
      await held;
      await route.fulfill(SERVER_ERROR);
    });
    await page.route('**/api/business-model', (route) => (route.request().method() === 'GET' ? route.fulfill(SERVER_ERROR) : route.fallback()));
    await page.getByRole('button', { name: 'Move "Freelancers" up' }).click();
    await expect(itemTitles(page)).toHaveText(['Freelancers', 'Agencies']);
    release();
    failed = toast(page, 'Failed to move item');
    await expect(failed).toBeVisible();
    await expect(failed).toHaveClass(/destructive/);
    await expect(itemTitles(page)).toHaveText(['Agencies', 'Freelancers']);
    await page.unroute('**/api/business-model/*/move');
    await page.unroute('**/api/business-model');

    await page.reload();
    await openCanvas(page);
    await expect(itemTitles(page)).toHaveText(['Agencies', 'Freelancers']);
    await expectCount(page, 'Customer Segments', 2);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the Business Model tab has no serious accessibility violations', async ({ page }) => {
    await registerThroughUi(page, newAccount('canvas-axe'));
    await openCanvas(page);
    await expectNoSeriousViolations(page, 'empty canvas at 1280 px');
    await addItem(page, 'Small law firms', 'Two to twenty lawyers, no in-house IT.');
    await addItem(page, 'Publishers', 'Editors and copy editors working on manuscripts.');
    await addItem(page, 'Universities');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(toast(page, 'Item added successfully')).toHaveCount(0, { timeout: 10_000 });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: screenshotPath('admin-canvas'), fullPage: true });
    await expectNoSeriousViolations(page, 'canvas with items and an error at 1280 px');

    await page.getByRole('button', { name: 'Delete "Universities"' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete Item' })).toBeVisible();
    await expectNoSeriousViolations(page, 'delete dialog at 1280 px');
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the tab works by keyboard alone, fits the screen and has no serious accessibility violations', async ({ page }) => {
    await registerThroughUi(page, newAccount('canvas-phone'));
    await openCanvas(page);

    // Arrow keys move between the elements; the panel follows.
    await elementTab(page, 'Customer Segments').focus();
    await page.keyboard.press('ArrowDown');
    await expect(elementTab(page, 'Value Propositions')).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'Value Propositions' })).toBeVisible();
    await expect(page.getByText('What value do you deliver to the customer?')).toBeVisible();

    // Into the form, type, Enter adds.
    await titleField(page).focus();
    await page.keyboard.type('Edits as tracked changes');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Item added successfully')).toBeVisible();
    await expect(titleField(page)).toBeFocused();
    await page.keyboard.type('Works offline');
    await page.keyboard.press('Enter');
    await expect(itemTitles(page)).toHaveText(['Edits as tracked changes', 'Works offline']);
    await expectCount(page, 'Value Propositions', 2);

    // Move by keyboard: the focus stays on the pressed button as its row changes place, with a visible ring.
    const moveUp = page.getByRole('button', { name: 'Move "Works offline" up' });
    await tabTo(page, moveUp);
    await page.keyboard.press('Enter');
    await expect(itemTitles(page)).toHaveText(['Works offline', 'Edits as tracked changes']);
    await expect(moveUp).toBeFocused();
    await expect(moveUp).toHaveAttribute('aria-disabled', 'true');
    expect(await showsFocus(page, moveUp), 'the focused button looks different from the unfocused one').toBe(true);
    await moveUp.focus();

    // Delete by keyboard: the dialog opens on Cancel; Escape closes it.
    await tabTo(page, page.getByRole('button', { name: 'Delete "Works offline"' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete Item' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(toast(page, 'Item added successfully')).toHaveCount(0, { timeout: 10_000 });
    // From the top, or the sticky top bar lands mid-page in a full-page capture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('admin-canvas-375'), fullPage: true });
    await expectNoSeriousViolations(page, 'canvas at 375 px');
  });
});

/** Presses Tab until `target` has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 20; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Whether `locator` (focused now) looks different, ring included, once the focus leaves it. */
async function showsFocus(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) return false;
  const clip = { x: box.x - 6, y: box.y - 6, width: box.width + 12, height: box.height + 12 };
  const focused = await page.screenshot({ clip });
  await locator.blur();
  const unfocused = await page.screenshot({ clip });
  return !focused.equals(unfocused);
}
