import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CanvasItem } from '@common/schemas/business-model';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { EMPTY_ELEMENT } from '../lib/messages';

type ItemListProps = {
  items: CanvasItem[];
  /** The element's label, naming the list for a screen reader. */
  label: string;
  editingId: number | undefined;
  onEdit: (item: CanvasItem) => void;
  onDelete: (item: CanvasItem) => void;
  onMove: (item: CanvasItem, index: number) => void;
};

/** Where focus goes back to when an edit ends. */
export const editButtonId = (id: number) => `canvas-item-${id}-edit`;

/**
 * One element's items in their order, each with move, edit and delete buttons. Titles are
 * rendered as text, never as markup. Rows are keyed by id, so a moved row keeps its DOM node
 * and the pressed button keeps the keyboard focus as the row changes place.
 */
export function ItemList({ items, label, editingId, onEdit, onDelete, onMove }: ItemListProps) {
  if (items.length === 0) {
    return <p className="rounded-xl border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">{EMPTY_ELEMENT}</p>;
  }
  return (
    <ol className="grid gap-2" aria-label={`${label} items`}>
      {items.map((item, position) => (
        <li
          key={item.id}
          data-testid="canvas-item"
          className={cn(
            // On a phone the buttons get their own row, so a title keeps the card's full width.
            'grid gap-2 rounded-xl border bg-card p-4 shadow-sm sm:flex sm:items-start sm:gap-3',
            item.id === editingId && 'border-primary ring-1 ring-primary',
          )}
        >
          <div className="min-w-0 flex-1">
            <h3 className="font-medium break-words">{item.title}</h3>
            {item.description && <p className="mt-1 text-sm whitespace-pre-wrap break-words text-muted-foreground">{item.description}</p>}
          </div>
          <div className="-mr-2 -mb-2 flex shrink-0 justify-end gap-1 sm:-mt-1 sm:mb-0">
            <IconButton
              label={`Move "${item.title}" up`}
              unavailable={position === 0}
              onClick={() => onMove(item, position - 1)}
              icon={<ArrowUp />}
            />
            <IconButton
              label={`Move "${item.title}" down`}
              unavailable={position === items.length - 1}
              onClick={() => onMove(item, position + 1)}
              icon={<ArrowDown />}
            />
            <IconButton id={editButtonId(item.id)} label={`Edit "${item.title}"`} onClick={() => onEdit(item)} icon={<Pencil />} />
            <IconButton
              label={`Delete "${item.title}"`}
              onClick={() => onDelete(item)}
              icon={<Trash2 />}
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

type IconButtonProps = {
  id?: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /**
   * aria-disabled rather than disabled: a button that stops working under the keyboard keeps the
   * focus. Only the icon fades, so the focus ring stays at full strength.
   */
  unavailable?: boolean;
  className?: string;
};

function IconButton({ id, label, icon, onClick, unavailable = false, className }: IconButtonProps) {
  return (
    <Button
      id={id}
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      aria-disabled={unavailable || undefined}
      onClick={unavailable ? undefined : onClick}
      className={cn('size-9 text-muted-foreground hover:text-foreground aria-disabled:cursor-not-allowed aria-disabled:text-muted-foreground/40 aria-disabled:hover:bg-transparent', className)}
    >
      <span aria-hidden="true">{icon}</span>
    </Button>
  );
}
