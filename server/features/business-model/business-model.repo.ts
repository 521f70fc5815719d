import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CANVAS_ELEMENTS, type CanvasElement } from '@common/schemas/business-model';
import type { Db } from '../../db/client';
import { businessModelItems as items } from '../../db/schema';

/**
 * Serialises every change to the canvas's order (pg_advisory_xact_lock key; auth.repo.ts uses
 * 7250001, waitlist.repo.ts 7250002, tasks.repo.ts 7250003). Without it, two reorders could
 * each read an element, then both write their renumbering, and two items share a place.
 */
const CANVAS_LOCK = 7250004;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

const columns = {
  id: items.id,
  element: items.element,
  title: items.title,
  description: items.description,
  userId: items.userId,
  orderIndex: items.orderIndex,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
};

export type CanvasItemRow = Awaited<ReturnType<typeof listItems>>[number];
type NewItem = Omit<typeof items.$inferInsert, 'id' | 'orderIndex'>;
export type ItemChanges = Partial<Pick<NewItem, 'element' | 'title' | 'description'>> & { updatedAt: Date };

/** docs/product.md §2's element order, so the list reads like the canvas. */
const elementOrder: SQL = sql`case ${items.element} ${sql.join(
  CANVAS_ELEMENTS.map((element, i) => sql`when ${element} then ${i}::int`),
  sql` `,
)} end`;

export async function listItems(db: Queryable) {
  return db.select(columns).from(items).orderBy(elementOrder, asc(items.orderIndex), asc(items.id));
}

async function findItem(db: Queryable, id: number): Promise<CanvasItemRow | undefined> {
  const [row] = await db.select(columns).from(items).where(eq(items.id, id));
  return row;
}

/** A new item goes after the last one of its element (gaps left by deletes are harmless). */
export async function insertItem(db: Db, values: NewItem): Promise<CanvasItemRow> {
  return onCanvas(db, async (tx) => {
    const [created] = await tx
      .insert(items)
      .values({ ...values, orderIndex: await nextIndex(tx, values.element) })
      .returning(columns);
    if (!created) throw new Error('canvas item insert returned no row');
    return created;
  });
}

/** An item moved to another element goes to the end of it. */
export async function updateItem(db: Db, id: number, values: ItemChanges): Promise<CanvasItemRow | undefined> {
  return onCanvas(db, async (tx) => {
    const [stored] = await tx.select({ element: items.element }).from(items).where(eq(items.id, id));
    if (!stored) return undefined;
    const moves = values.element !== undefined && values.element !== stored.element;
    await tx
      .update(items)
      .set(moves ? { ...values, orderIndex: await nextIndex(tx, values.element!) } : values)
      .where(eq(items.id, id));
    return findItem(tx, id);
  });
}

export async function deleteItem(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(items).where(eq(items.id, id)).returning({ id: items.id });
  return deleted.length > 0;
}

/**
 * A reorder within the item's element: puts it at `index` (clamped to the element's length)
 * and numbers the element 0..n-1 under the canvas lock. Answers every item as it stands after
 * this move, or undefined when the item does not exist.
 */
export async function moveItem(db: Db, id: number, index: number, now: Date): Promise<CanvasItemRow[] | undefined> {
  return onCanvas(db, async (tx) => {
    const [item] = await tx.select({ element: items.element }).from(items).where(eq(items.id, id));
    if (!item) return undefined;
    const current = await element(tx, item.element);
    const others = current.filter((c) => c.id !== id).map((c) => c.id);
    const place = Math.min(index, others.length);
    if (current.findIndex((c) => c.id === id) !== place) await tx.update(items).set({ updatedAt: now }).where(eq(items.id, id));
    await renumber(tx, current, [...others.slice(0, place), id, ...others.slice(place)]);
    return listItems(tx);
  });
}

async function onCanvas<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CANVAS_LOCK})`);
    return work(tx);
  });
}

async function nextIndex(tx: Tx, of: CanvasElement): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${items.orderIndex}), -1) + 1`.mapWith(Number) })
    .from(items)
    .where(eq(items.element, of));
  return row?.next ?? 0;
}

async function element(tx: Tx, of: CanvasElement) {
  return tx
    .select({ id: items.id, orderIndex: items.orderIndex })
    .from(items)
    .where(eq(items.element, of))
    .orderBy(asc(items.orderIndex), asc(items.id));
}

/** Gives the items of `order` the places 0..n-1, writing only those whose place changes. */
async function renumber(tx: Tx, current: Array<{ id: number; orderIndex: number }>, order: number[]) {
  const was = new Map(current.map((c) => [c.id, c.orderIndex]));
  const changed = order.map((id, place) => ({ id, place })).filter(({ id, place }) => was.get(id) !== place);
  if (changed.length === 0) return;
  const place = sql`case ${items.id} ${sql.join(
    changed.map(({ id, place: p }) => sql`when ${id}::int then ${p}::int`),
    sql` `,
  )} end`;
  await tx
    .update(items)
    .set({ orderIndex: place })
    .where(inArray(items.id, changed.map((c) => c.id)));
}
