import type { CanvasItem, CreateCanvasItem, UpdateCanvasItem } from '@common/schemas/business-model';
import type { Deps } from '../../deps';
import { notFound } from '../../http/app-error';
import type { Actor } from '../auth/auth.service';
import * as repo from './business-model.repo';

/** Every item of the canvas, element by element in docs/product.md §2's order, then in each element's order. */
export async function listItems(deps: Deps): Promise<CanvasItem[]> {
  return (await repo.listItems(deps.database.db)).map(toItem);
}

/** docs/product.md §7's create: the item goes to the end of its element and belongs to whoever added it. */
export async function createItem(deps: Deps, actor: Actor, input: CreateCanvasItem): Promise<CanvasItem> {
  const now = deps.clock.now();
  const row = await repo.insertItem(deps.database.db, { ...input, userId: actor.id, createdAt: now, updatedAt: now });
  deps.log.info({ canvasItemId: row.id, userId: actor.id }, 'canvas item created');
  return toItem(row);
}

/** docs/product.md §7's PATCH: only the fields sent change; an item moved to another element goes last there. */
export async function updateItem(deps: Deps, id: number, patch: UpdateCanvasItem): Promise<CanvasItem> {
  const row = await repo.updateItem(deps.database.db, id, { ...patch, updatedAt: deps.clock.now() });
  if (!row) throw notFound('Item');
  return toItem(row);
}

/** A reorder within the item's element; answers the whole canvas so the client shows what the server holds. */
export async function moveItem(deps: Deps, id: number, index: number): Promise<CanvasItem[]> {
  const rows = await repo.moveItem(deps.database.db, id, index, deps.clock.now());
  if (!rows) throw notFound('Item');
  return rows.map(toItem);
}

export async function deleteItem(deps: Deps, actor: Actor, id: number): Promise<void> {
  if (!(await repo.deleteItem(deps.database.db, id))) throw notFound('Item');
  deps.log.info({ canvasItemId: id, userId: actor.id }, 'canvas item deleted');
}

function toItem(row: repo.CanvasItemRow): CanvasItem {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
