import { CANVAS_ELEMENTS, type CanvasElement, type CanvasItem } from '@common/schemas/business-model';

/** One element's items, in the order the list holds them (the server's order, or an optimistic one). */
export function itemsOf(items: readonly CanvasItem[], element: CanvasElement): CanvasItem[] {
  return items.filter((item) => item.element === element);
}

export function countByElement(items: readonly CanvasItem[]): Record<CanvasElement, number> {
  const counts = Object.fromEntries(CANVAS_ELEMENTS.map((element) => [element, 0])) as Record<CanvasElement, number>;
  for (const item of items) counts[item.element] += 1;
  return counts;
}

/**
 * The list as it will be once item `id` sits at `index` of its element (0-based, counted without
 * the item itself, as the move call reads it; clamped to the element's length like the server).
 * Other elements keep their places, so the optimistic list matches what the server answers.
 */
export function moveWithinElement(items: readonly CanvasItem[], id: number, index: number): CanvasItem[] {
  const moving = items.find((item) => item.id === id);
  if (!moving) return [...items];
  const others = itemsOf(items, moving.element).filter((item) => item.id !== id);
  const at = Math.max(0, Math.min(index, others.length));
  const reordered = [...others.slice(0, at), moving, ...others.slice(at)].map((item, orderIndex) => ({ ...item, orderIndex }));
  let next = 0;
  return items.map((item) => (item.element === moving.element ? (reordered[next++] ?? item) : item));
}
