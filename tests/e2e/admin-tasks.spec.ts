/**
 * The Tasks tab of the admin board (docs/product.md §2 and §4, 5; docs/decisions/012-board-order-under-one-lock.md points 3-5): the kanban with mouse and
 * keyboard drags that survive a reload, a refused move that rolls back, the list's inline
 * changes, the Create/Edit dialogs with the story rule and the calendar, delete through the
 * confirmation, axe-core and screenshots at desktop and phone width.
 */
import type { Locator, Page } from '@playwright/test';
import { addMonths, format, startOfMonth, startOfToday } from 'date-fns';
import type { CreateTaskInput, StaffMember, Task } from '@common/schemas/tasks';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test as base } from './support/fixtures';
import { newAccount, registerThroughUi, screenshotPath } from './support/journeys';

// The first account on an empty instance is staff: each journey gets its own instance.
const test = base.extend({ server: async ({ freshServer }, use) => use(freshServer) });

/** A toast by its title; a modal dialog hides the rest of the page from the accessibility tree, toasts included. */
const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });

const column = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });
const cardTitles = (page: Page, label: string) => column(page, label).getByTestId('task-card').locator('p:first-child');
const card = (page: Page, title: string) => page.getByTestId('task-card').filter({ hasText: title });
/** The card's face: the drag handle, a button a keyboard user focuses. */
const handle = (page: Page, title: string) => card(page, title).locator('[aria-roledescription="draggable task"]');
const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

async function seed(page: Page, input: CreateTaskInput): Promise<Task> {
  const response = await page.request.post('/api/tasks', { data: input });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Task;
}

async function serverTasks(page: Page): Promise<Task[]> {
  const response = await page.request.get('/api/tasks');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Task[];
}

const titlesIn = (tasks: Task[], status: Task['status']) => tasks.filter((t) => t.status === status).map((t) => t.title);

async function openBoard(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Loading tasks...')).toHaveCount(0);
  await expect(column(page, 'Backlog')).toBeVisible();
}

async function expectCount(page: Page, label: string, count: number) {
  await expect(column(page, label).getByTestId('column-count')).toHaveText(`${count} ${count === 1 ? 'task' : 'tasks'}`);
}

/** A mouse drag as a person makes it: press, a few pixels to start (over the 8 px threshold), then the way there in steps. */
async function mouseDrag(page: Page, from: Locator, to: Locator, where: 'center' | 'top' = 'center') {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag source or target is not on screen');
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const end = { x: b.x + b.width / 2, y: where === 'top' ? b.y + 8 : b.y + b.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y + 4, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 20 });
  await page.mouse.move(end.x, end.y + 1);
  await page.mouse.up();
}

const isMove = (url: string) => /\/api\/tasks\/\d+\/move$/.test(new URL(url).pathname);

test('cards dragged with the mouse and with the keyboard stay where they were dropped, and so does a reorder', async ({ page }) => {
  await registerThroughUi(page, newAccount('kanban'));
  await seed(page, { title: 'Draft launch email', category: 'marketing', priority: 'high' });
  await seed(page, { title: 'Review pricing page', category: 'operations' });
  await seed(page, { title: 'Plan beta interviews' });
  for (const title of ['Alpha review', 'Bravo review', 'Charlie review']) await seed(page, { title, status: 'review' });

  // While the board loads, it says so.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/tasks', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/admin');
  await expect(page.getByText('Loading tasks...')).toBeVisible();
  release();
  await page.unroute('**/api/tasks');
  await openBoard(page);

  for (const label of ['Backlog', 'In Progress', 'Review', 'Done']) await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible();
  await expectCount(page, 'Backlog', 3);
  await expectCount(page, 'In Progress', 0);
  await expectCount(page, 'Done', 0);
  await expect(card(page, 'Draft launch email')).toContainText('High');
  await expect(card(page, 'Draft launch email')).toContainText('Marketing');
  await expect(card(page, 'Draft launch email')).toContainText('Unassigned');
  await expect(card(page, 'Draft launch email')).toContainText('No due date');

  // A press that has moved 6 px is no drag yet; past 8 px it is, and Escape puts the card back.
  const plan = handle(page, 'Plan beta interviews');
  const box = (await plan.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + 26, box.y + 20, { steps: 3 });
  await expect(plan).not.toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(box.x + 30, box.y + 20, { steps: 2 });
  await expect(plan).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expect(plan).not.toHaveAttribute('aria-pressed', 'true');
  await expect(cardTitles(page, 'Backlog')).toHaveText(['Draft launch email', 'Review pricing page', 'Plan beta interviews']);

  // Mouse: Backlog -> Done, dropped on the column.
  const mouseMove = page.waitForResponse((r) => isMove(r.url()) && r.request().method() === 'POST');
  await mouseDrag(page, handle(page, 'Draft launch email'), column(page, 'Done'));
  await expect(cardTitles(page, 'Done')).toHaveText(['Draft launch email']);
  expect((await mouseMove).status()).toBe(200);
  await expectCount(page, 'Backlog', 2);
  await expectCount(page, 'Done', 1);

  // Keyboard only: focus the card, Space to pick up, right three columns (it lands on Done's
  // card, so in its place), down one to go below it, Space to drop. The screen reader hears each
  // step by the task's title and the column's name.
  await handle(page, 'Review pricing page').focus();
  await expect(handle(page, 'Review pricing page')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toContainText('Picked up task "Review pricing page" in column Backlog');
  for (const label of ['In Progress', 'Review', 'Done']) {
    await page.keyboard.press('ArrowRight');
    await expect(liveRegion(page)).toContainText(`Task "Review pricing page" is over column ${label}`);
  }
  await expect(liveRegion(page)).toHaveText('Task "Review pricing page" is over column Done, position 1 of 2.');
  await page.keyboard.press('ArrowDown');
  await expect(liveRegion(page)).toHaveText('Task "Review pricing page" is over column Done, position 2 of 2.');
  const keyboardMove = page.waitForResponse((r) => isMove(r.url()) && r.request().method() === 'POST');
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText('Task "Review pricing page" was dropped in column Done, position 2 of 2.');
  expect((await keyboardMove).status()).toBe(200);
  await expect(cardTitles(page, 'Done')).toHaveText(['Draft launch email', 'Review pricing page']);
  await expect(handle(page, 'Review pricing page')).toBeFocused();

  // Reorder inside Review: Charlie dropped on Alpha takes Alpha's place.
  const reorder = page.waitForResponse((r) => isMove(r.url()) && r.request().method() === 'POST');
  await mouseDrag(page, handle(page, 'Charlie review'), handle(page, 'Alpha review'), 'top');
  await expect(cardTitles(page, 'Review')).toHaveText(['Charlie review', 'Alpha review', 'Bravo review']);
  expect((await reorder).status()).toBe(200);

  await page.reload();
  await openBoard(page);
  await expect(cardTitles(page, 'Done')).toHaveText(['Draft launch email', 'Review pricing page']);
  await expect(cardTitles(page, 'Backlog')).toHaveText(['Plan beta interviews']);
  await expect(cardTitles(page, 'Review')).toHaveText(['Charlie review', 'Alpha review', 'Bravo review']);
  await page.screenshot({ path: screenshotPath('admin-kanban') });
  const tasks = await serverTasks(page);
  expect(titlesIn(tasks, 'done')).toEqual(['Draft launch email', 'Review pricing page']);
  expect(titlesIn(tasks, 'review')).toEqual(['Charlie review', 'Alpha review', 'Bravo review']);
  expect(titlesIn(tasks, 'backlog')).toEqual(['Plan beta interviews']);
});

test('the filters narrow the board; a drop among filtered cards keeps the hidden ones in place', async ({ page }) => {
  await registerThroughUi(page, newAccount('filters'));
  await seed(page, { title: 'Ad copy', category: 'marketing' });
  await seed(page, { title: 'Checkout story', type: 'story' });
  await seed(page, { title: 'Trademark filing', category: 'legal' });
  await seed(page, { title: 'Press kit', category: 'marketing', status: 'done' });
  await openBoard(page);

  await page.getByRole('combobox', { name: 'Category' }).click();
  await expect(page.getByRole('option')).toHaveText(['All categories', 'Marketing', 'Operations', 'Product', 'Accounting', 'Legal']);
  await page.getByRole('option', { name: 'Marketing' }).click();
  await expect(cardTitles(page, 'Backlog')).toHaveText(['Ad copy']);
  await expect(cardTitles(page, 'Done')).toHaveText(['Press kit']);
  await expectCount(page, 'Backlog', 1);

  // Ad copy dropped above Press kit: first in Done, with nothing hidden disturbed.
  await mouseDrag(page, handle(page, 'Ad copy'), handle(page, 'Press kit'), 'top');
  await expect(cardTitles(page, 'Done')).toHaveText(['Ad copy', 'Press kit']);
  await expect.poll(async () => titlesIn(await serverTasks(page), 'done')).toEqual(['Ad copy', 'Press kit']);

  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'All categories' }).click();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await expect(page.getByRole('option')).toHaveText(['All types', 'Tasks', 'User Stories']);
  await page.getByRole('option', { name: 'User Stories' }).click();
  await expect(page.getByTestId('task-card')).toHaveText([/Checkout story/]);
  await expect(card(page, 'Checkout story')).toContainText('User Story');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Tasks' }).click();
  await expect(cardTitles(page, 'Backlog')).toHaveText(['Trademark filing']);
  await expect(cardTitles(page, 'Done')).toHaveText(['Ad copy', 'Press kit']);
});

test('a move the server refuses shows at once, then goes back with the server’s message', async ({ page }) => {
  await registerThroughUi(page, newAccount('refused'));
  await seed(page, { title: 'Contested card' });
  await seed(page, { title: 'Neighbour card' });
  await openBoard(page);

  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/tasks\/\d+\/move$/, async (route) => {
    await held;
    await route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'conflict', message: 'Someone else moved this card first.' } }),
    });
  });

  await mouseDrag(page, handle(page, 'Contested card'), column(page, 'In Progress'));
  // Optimistic: on the new column while the server has not answered.
  await expect(cardTitles(page, 'In Progress')).toHaveText(['Contested card']);
  await expectCount(page, 'Backlog', 1);
  release();
  await expect(cardTitles(page, 'Backlog')).toHaveText(['Contested card', 'Neighbour card']);
  await expectCount(page, 'In Progress', 0);
  const refused = toast(page, 'Could not move the task');
  await expect(refused).toContainText('Someone else moved this card first.');
  await expect(refused).toHaveClass(/destructive/);
  await page.unroute(/\/api\/tasks\/\d+\/move$/);
  expect(titlesIn(await serverTasks(page), 'backlog')).toEqual(['Contested card', 'Neighbour card']);
});

test('the list changes status and priority inline, filters, counts, and opens Edit Task', async ({ page }) => {
  await registerThroughUi(page, newAccount('list'));
  const due = addMonths(startOfToday(), 2);
  await seed(page, { title: 'Write onboarding guide', priority: 'low', dueDate: due.toISOString() });
  await seed(page, { title: 'Fix invoice export', status: 'in-progress', category: 'accounting' });
  await seed(page, { title: 'Collect testimonials', status: 'review', category: 'marketing', priority: 'high' });
  await openBoard(page);

  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('columnheader')).toHaveText(['Task', 'Status', 'Priority', 'Assigned', 'Due Date', 'Created', 'Actions']);
  await expect(page.getByTestId('task-row')).toHaveCount(3);
  await expect(page.getByTestId('task-count')).toHaveText('3 of 3 tasks');
  const guide = page.getByTestId('task-row').filter({ hasText: 'Write onboarding guide' });
  await expect(guide).toContainText('Unassigned');
  await expect(guide).toContainText(format(due, 'MMM d, yyyy'));
  await expect(page.getByTestId('task-row').filter({ hasText: 'Fix invoice export' })).toContainText('No due date');

  // Inline status: the four real statuses, never 'To Do'.
  await page.getByRole('combobox', { name: 'Status of Write onboarding guide' }).click();
  await expect(page.getByRole('option')).toHaveText(['Backlog', 'In Progress', 'Review', 'Done']);
  await page.getByRole('option', { name: 'Done' }).click();
  await expect(page.getByRole('combobox', { name: 'Status of Write onboarding guide' })).toHaveText('Done');
  await expect.poll(async () => (await serverTasks(page)).find((t) => t.title === 'Write onboarding guide')?.status).toBe('done');

  await page.getByRole('combobox', { name: 'Priority of Fix invoice export' }).click();
  await expect(page.getByRole('option')).toHaveText(['Low', 'Medium', 'High', 'Urgent']);
  await page.getByRole('option', { name: 'Urgent' }).click();
  await expect(page.getByRole('combobox', { name: 'Priority of Fix invoice export' })).toHaveText('Urgent');
  await expect.poll(async () => (await serverTasks(page)).find((t) => t.title === 'Fix invoice export')?.priority).toBe('urgent');

  // Filters and the counter.
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText(['All statuses', 'Backlog', 'In Progress', 'Review', 'Done']);
  await page.getByRole('option', { name: 'Done' }).click();
  await expect(page.getByTestId('task-count')).toHaveText('1 of 3 tasks');
  await expect(page.getByTestId('task-row')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Priority', exact: true }).click();
  await page.getByRole('option', { name: 'Urgent' }).click();
  await expect(page.getByTestId('task-count')).toHaveText('0 of 3 tasks');
  await expect(page.getByText('No tasks found.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'All statuses' }).click();
  await expect(page.getByTestId('task-count')).toHaveText('1 of 3 tasks');
  await page.getByRole('combobox', { name: 'Priority', exact: true }).click();
  await page.getByRole('option', { name: 'All priorities' }).click();
  await expect(page.getByTestId('task-count')).toHaveText('3 of 3 tasks');

  // A reload keeps what the selects changed; the board agrees.
  await page.reload();
  await openBoard(page);
  await expect(cardTitles(page, 'Done')).toHaveText(['Write onboarding guide']);
  await expect(card(page, 'Fix invoice export')).toContainText('Urgent');
  await page.getByRole('button', { name: 'List', exact: true }).click();

  // A refused inline change goes back, with the server's message.
  await page.route(/\/api\/tasks\/\d+$/, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{"code":"not_found","message":"Task not found"}}' })
      : route.fallback(),
  );
  await page.getByRole('combobox', { name: 'Priority of Collect testimonials' }).click();
  await page.getByRole('option', { name: 'Low' }).click();
  const refused = toast(page, 'Could not update the task');
  await expect(refused).toContainText('Task not found');
  await expect(refused).toHaveClass(/destructive/);
  await expect(page.getByRole('combobox', { name: 'Priority of Collect testimonials' })).toHaveText('High');
  await page.unroute(/\/api\/tasks\/\d+$/);

  // Edit from the row menu opens the Edit Task dialog (docs/product.md §2, Admin board: the brief's only logged).
  await page.getByRole('button', { name: 'Actions for Collect testimonials' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog).toContainText('Update the task details below.');
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Collect testimonials');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('create and edit through the dialogs: the story rule, the calendar, the assignee; delete asks first', async ({ page }) => {
  const account = newAccount('dialogs');
  await registerThroughUi(page, account);
  await openBoard(page);
  const [me] = (await (await page.request.get('/api/tasks/assignees')).json()) as StaffMember[];
  expect(me?.name).toBe(account.name);

  await page.getByRole('button', { name: 'Create Task' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Task' });
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Create Task' }).click();
  await expect(create.getByText('Title is required')).toBeVisible();
  await expect(create.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');

  await create.getByRole('textbox', { name: 'Title' }).fill('Customers can export reports');
  await create.getByRole('textbox', { name: 'Description' }).fill('As an owner I want a CSV export.');
  // docs/product.md §9 defaults.
  await expect(create.getByRole('combobox', { name: 'Type' })).toHaveText('Task');
  await expect(create.getByRole('combobox', { name: 'Category' })).toHaveText('Product');
  await expect(create.getByRole('combobox', { name: 'Status' })).toHaveText('Backlog');
  await expect(create.getByRole('combobox', { name: 'Priority' })).toHaveText('Medium');
  await expect(create.getByRole('combobox', { name: 'Assignee' })).toHaveText('Unassigned');

  await create.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Marketing' }).click();
  // The story rule: category forced to Product, locked, and labelled so.
  await create.getByRole('combobox', { name: 'Type' }).click();
  await expect(page.getByRole('option')).toHaveText(['Task', 'User Story']);
  await page.getByRole('option', { name: 'User Story' }).click();
  const category = create.getByRole('combobox', { name: /^Category/ });
  await expect(category).toHaveText('Product');
  await expect(category).toBeDisabled();
  await expect(create.getByText('(Auto-set to Product for User Stories)')).toBeVisible();

  await create.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await create.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: account.name }).click();

  // The calendar: weeks start on Sunday; days before today cannot be picked; one next month can.
  await create.getByRole('button', { name: 'Due Date' }).click();
  const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
  await expect(calendar.locator('th').first()).toHaveAttribute('aria-label', 'Sunday');
  await expect(calendar.getByRole('row').first().getByRole('gridcell').first()).toHaveAccessibleName(/^Sunday,/);
  await expect(calendar.getByRole('button', { name: `Today, ${format(startOfToday(), 'PPPP')}` })).toBeEnabled();
  await calendar.getByRole('button', { name: /previous month/i }).click();
  await expect(calendar.locator('td[data-day]:not([data-outside]) button')).not.toHaveCount(0);
  await expect(calendar.locator('td[data-day]:not([data-outside]) button:enabled')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('admin-task-calendar') });
  await calendar.getByRole('button', { name: /next month/i }).click();
  await calendar.getByRole('button', { name: /next month/i }).click();
  const due = startOfMonth(addMonths(startOfToday(), 1));
  due.setDate(15);
  await calendar.getByRole('button', { name: format(due, 'PPPP') }).click();
  await expect(calendar).toHaveCount(0);
  await expect(create.getByRole('button', { name: 'Due Date' })).toHaveText(format(due, 'MMM d, yyyy'));
  await page.screenshot({ path: screenshotPath('admin-task-dialog') });

  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tasks' && r.request().method() === 'POST');
  await create.getByRole('button', { name: 'Create Task' }).click();
  expect((await created).status()).toBe(201);
  await expect(create).toHaveCount(0);
  const newCard = card(page, 'Customers can export reports');
  await expect(newCard).toContainText('User Story');
  await expect(newCard).toContainText('Product');
  await expect(newCard).toContainText('High');
  await expect(newCard).toContainText(account.name);
  await expect(newCard).toContainText(format(due, 'MMM d, yyyy'));
  let stored = (await serverTasks(page)).find((t) => t.title === 'Customers can export reports');
  expect(stored).toMatchObject({ type: 'story', category: 'product', priority: 'high', status: 'backlog', assignedTo: me?.id });
  expect(new Date(stored!.dueDate!).toDateString()).toBe(due.toDateString());

  // Edit: prefilled; back to a plain task, the category unlocks; a story again forces Product.
  await page.getByRole('button', { name: 'Actions for Customers can export reports' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(edit).toContainText('Update the task details below.');
  await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue('Customers can export reports');
  await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue('As an owner I want a CSV export.');
  await expect(edit.getByRole('combobox', { name: 'Assignee' })).toHaveText(account.name);
  await expect(edit.getByRole('button', { name: 'Due Date' })).toHaveText(format(due, 'MMM d, yyyy'));
  await expect(edit.getByRole('combobox', { name: /^Category/ })).toBeDisabled();
  await edit.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Task' }).click();
  await expect(edit.getByRole('combobox', { name: 'Category' })).toBeEnabled();
  await expect(edit.getByText('(Auto-set to Product for User Stories)')).toHaveCount(0);
  await edit.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Legal' }).click();
  await edit.getByRole('textbox', { name: 'Title' }).fill('Export reports as CSV');
  await edit.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Review' }).click();
  await edit.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: 'Unassigned' }).click();
  // The edit calendar opens on the chosen day's month; today can be picked, the days before cannot.
  await edit.getByRole('button', { name: 'Due Date' }).click();
  const editCalendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
  await expect(editCalendar.getByRole('button', { name: `${format(due, 'PPPP')}, selected` })).toBeVisible();
  await editCalendar.getByRole('button', { name: /previous month/i }).click();
  await expect(editCalendar.getByRole('button', { name: `Today, ${format(startOfToday(), 'PPPP')}` })).toBeEnabled();
  await editCalendar.getByRole('button', { name: /previous month/i }).click();
  await expect(editCalendar.locator('td[data-day]:not([data-outside]) button:enabled')).toHaveCount(0);
  await page.getByRole('button', { name: 'No due date' }).click();
  await expect(edit.getByRole('button', { name: 'Due Date' })).toHaveText('Pick a date');
  await edit.getByRole('button', { name: 'Update Task' }).click();
  await expect(edit).toHaveCount(0);
  const edited = card(page, 'Export reports as CSV');
  await expect(column(page, 'Review').getByTestId('task-card')).toHaveText([/Export reports as CSV/]);
  await expect(edited).toContainText('Legal');
  await expect(edited).toContainText('Unassigned');
  await expect(edited).toContainText('No due date');
  await expect(edited).not.toContainText('User Story');
  stored = (await serverTasks(page)).find((t) => t.id === stored!.id);
  expect(stored).toMatchObject({ title: 'Export reports as CSV', type: 'todo', category: 'legal', status: 'review', assignedTo: null, dueDate: null });

  // A failed update says why and keeps the dialog open with what was typed.
  await page.getByRole('button', { name: 'Actions for Export reports as CSV' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.route(/\/api\/tasks\/\d+$/, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"Something went wrong on our side. Reference: req-7"}}' })
      : route.fallback(),
  );
  await edit.getByRole('textbox', { name: 'Title' }).fill('Never saved');
  await edit.getByRole('button', { name: 'Update Task' }).click();
  const failed = toast(page, 'Could not update the task');
  await expect(failed).toContainText('Something went wrong on our side. Reference: req-7');
  await expect(failed).toHaveClass(/destructive/);
  await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue('Never saved');
  await page.unroute(/\/api\/tasks\/\d+$/);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 'Export reports as CSV')).toBeVisible();

  // Delete asks first; Cancel keeps the task, Delete removes it for good.
  await page.getByRole('button', { name: 'Actions for Export reports as CSV' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  let confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this task?' });
  await expect(confirm).toContainText('Export reports as CSV');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card(page, 'Export reports as CSV')).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Export reports as CSV' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this task?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card(page, 'Export reports as CSV')).toHaveCount(0);
  expect(await serverTasks(page)).toEqual([]);
});

for (const { width, height, suffix } of [
  { width: 1280, height: 800, suffix: '' },
  { width: 375, height: 812, suffix: '-375' },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the kanban and the list have no serious accessibility violations and no sideways page scroll', async ({ page }) => {
      await registerThroughUi(page, newAccount(`a11y${width}`));
      await seed(page, { title: 'Launch checklist', category: 'marketing', priority: 'urgent', dueDate: addMonths(startOfToday(), 1).toISOString() });
      await seed(page, { title: 'Customers can pay by invoice', type: 'story', status: 'in-progress', description: 'So that larger firms can buy without a card.' });
      await seed(page, { title: 'Reconcile March payouts', category: 'accounting', status: 'review', priority: 'low' });
      await seed(page, { title: 'Sign the office lease', category: 'legal', status: 'done' });
      await openBoard(page);

      const pageScroll = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await pageScroll()).toBe(0);
      await expectNoSeriousViolations(page, `kanban at ${width} px`);
      if (suffix) await page.screenshot({ path: screenshotPath(`admin-kanban${suffix}`), fullPage: true });

      await page.getByRole('button', { name: 'List', exact: true }).click();
      await expect(page.getByTestId('task-row')).toHaveCount(4);
      expect(await pageScroll()).toBe(0);
      await expectNoSeriousViolations(page, `list at ${width} px`);
      await page.screenshot({ path: screenshotPath(`admin-list${suffix}`), fullPage: true });

      await page.getByRole('button', { name: 'Create Task' }).click();
      const create = page.getByRole('dialog', { name: 'Create New Task' });
      await create.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'User Story' }).click();
      await create.getByRole('button', { name: 'Create Task' }).click();
      await expect(create.getByText('Title is required')).toBeVisible();
      // The pointer off the button it just pressed: axe judges the screen, not a hover state.
      await page.mouse.move(0, 0);
      await expectNoSeriousViolations(page, `create dialog at ${width} px`);
      if (suffix) await page.screenshot({ path: screenshotPath(`admin-task-dialog${suffix}`) });
    });
  });
}
