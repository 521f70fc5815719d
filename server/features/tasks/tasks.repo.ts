import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TASK_STATUSES, type TaskStatus } from '@common/schemas/tasks';
import type { Db } from '../../db/client';
import { tasks, users } from '../../db/schema';

/**
 * Serialises every change to the board's order (pg_advisory_xact_lock key; auth.repo.ts uses
 * 7250001, waitlist.repo.ts 7250002, business-model.repo.ts 7250004). Without it, two moves
 * could each read a column, then both write their renumbering, and two cards share a place.
 */
const TASK_BOARD_LOCK = 7250003;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

const columns = {
  id: tasks.id,
  title: tasks.title,
  description: tasks.description,
  type: tasks.type,
  category: tasks.category,
  status: tasks.status,
  priority: tasks.priority,
  createdBy: tasks.createdBy,
  assignedTo: tasks.assignedTo,
  assigneeName: users.name,
  dueDate: tasks.dueDate,
  orderIndex: tasks.orderIndex,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};

export type TaskRow = Awaited<ReturnType<typeof listTasks>>[number];
type NewTask = Omit<typeof tasks.$inferInsert, 'id' | 'orderIndex'>;
export type TaskChanges = Partial<Omit<NewTask, 'createdBy' | 'createdAt'>> & { updatedAt: Date };
export type StoredTask = Pick<typeof tasks.$inferSelect, 'type' | 'status'>;

/** The board's column order (docs/product.md §2), so the list reads like the kanban. */
const columnOrder: SQL = sql`case ${tasks.status} ${sql.join(
  TASK_STATUSES.map((status, i) => sql`when ${status} then ${i}::int`),
  sql` `,
)} end`;

export async function listTasks(db: Queryable) {
  return db
    .select(columns)
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.assignedTo))
    .orderBy(columnOrder, asc(tasks.orderIndex), asc(tasks.id));
}

async function findTask(db: Queryable, id: number): Promise<TaskRow | undefined> {
  const [row] = await db.select(columns).from(tasks).leftJoin(users, eq(users.id, tasks.assignedTo)).where(eq(tasks.id, id));
  return row;
}

/** A new card goes after the last one in its column (gaps left by deletes are harmless). */
export async function insertTask(db: Db, values: NewTask): Promise<TaskRow> {
  return onBoard(db, async (tx) => {
    const [created] = await tx
      .insert(tasks)
      .values({ ...values, orderIndex: await nextIndex(tx, values.status ?? 'backlog') })
      .returning({ id: tasks.id });
    if (!created) throw new Error('task insert returned no row');
    return (await findTask(tx, created.id))!;
  });
}

/**
 * Applies what `change` makes of the stored row, read under the board lock so the rules see
 * the row as it is. A card whose status changes goes to the end of its new column.
 */
export async function updateTask(db: Db, id: number, change: (stored: StoredTask) => TaskChanges): Promise<TaskRow | undefined> {
  return onBoard(db, async (tx) => {
    const [stored] = await tx.select({ type: tasks.type, status: tasks.status }).from(tasks).where(eq(tasks.id, id));
    if (!stored) return undefined;
    const values = change(stored);
    const moves = values.status !== undefined && values.status !== stored.status;
    await tx
      .update(tasks)
      .set(moves ? { ...values, orderIndex: await nextIndex(tx, values.status!) } : values)
      .where(eq(tasks.id, id));
    return findTask(tx, id);
  });
}

export async function deleteTask(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(tasks).where(eq(tasks.id, id)).returning({ id: tasks.id });
  return deleted.length > 0;
}

/**
 * One drag: takes the card out of its column, puts it at `index` of `status` (clamped to the
 * column's length) and numbers both columns 0..n-1, all under the board lock. Answers the whole
 * board as it stands after this move, or undefined when the card does not exist.
 */
export async function moveTask(db: Db, id: number, status: TaskStatus, index: number, now: Date): Promise<TaskRow[] | undefined> {
  return onBoard(db, async (tx) => {
    const [card] = await tx.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id));
    if (!card) return undefined;
    const target = await column(tx, status);
    const others = target.filter((c) => c.id !== id).map((c) => c.id);
    const place = Math.min(index, others.length);
    const order = [...others.slice(0, place), id, ...others.slice(place)];
    const moved = card.status !== status || target.findIndex((c) => c.id === id) !== place;
    if (moved) await tx.update(tasks).set({ status, updatedAt: now }).where(eq(tasks.id, id));
    if (card.status !== status) {
      const source = await column(tx, card.status);
      await renumber(tx, source, source.map((c) => c.id));
    }
    await renumber(tx, await column(tx, status), order);
    return listTasks(tx);
  });
}

/** Who may be assigned a task: staff, by the same rule as toActor (ADMIN_EMAILS when set, else the stored role). */
function staffFilter(adminEmails: string[]): SQL {
  return adminEmails.length > 0 ? inArray(users.email, adminEmails) : eq(users.role, 'staff');
}

export async function listStaff(db: Db, adminEmails: string[]) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(staffFilter(adminEmails))
    .orderBy(asc(users.name), asc(users.id));
}

export async function isStaff(db: Db, userId: number, adminEmails: string[]): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), staffFilter(adminEmails)));
  return row !== undefined;
}

async function onBoard<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TASK_BOARD_LOCK})`);
    return work(tx);
  });
}

async function nextIndex(tx: Tx, status: TaskStatus): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${tasks.orderIndex}), -1) + 1`.mapWith(Number) })
    .from(tasks)
    .where(eq(tasks.status, status));
  return row?.next ?? 0;
}

async function column(tx: Tx, status: TaskStatus) {
  return tx
    .select({ id: tasks.id, orderIndex: tasks.orderIndex })
    .from(tasks)
    .where(eq(tasks.status, status))
    .orderBy(asc(tasks.orderIndex), asc(tasks.id));
}

/** Gives the cards of `order` the places 0..n-1, writing only those whose place changes. */
async function renumber(tx: Tx, current: Array<{ id: number; orderIndex: number }>, order: number[]) {
  const was = new Map(current.map((c) => [c.id, c.orderIndex]));
  const changed = order.map((id, place) => ({ id, place })).filter(({ id, place }) => was.get(id) !== place);
  if (changed.length === 0) return;
  const place = sql`case ${tasks.id} ${sql.join(
    changed.map(({ id, place: p }) => sql`when ${id}::int then ${p}::int`),
    sql` `,
  )} end`;
  await tx
    .update(tasks)
    .set({ orderIndex: place })
    .where(inArray(tasks.id, changed.map((c) => c.id)));
}
