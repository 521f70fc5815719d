import { type ReactNode, useRef, useState } from 'react';
import { CANVAS_ELEMENT_INFO, type CanvasElement, type CanvasItem } from '@common/schemas/business-model';
import { Card, CardContent } from '@web/components/ui/card';
import { useMoveCanvasItem } from '../api/move-canvas-item';
import { DeleteItemDialog } from './delete-item-dialog';
import { AddItemForm, EditItemForm } from './item-form';
import { ItemList, editButtonId } from './item-list';

type ElementPanelProps = {
  element: CanvasElement;
  /** This element's items in order; undefined while the list loads. */
  items: CanvasItem[] | undefined;
  /** Shown instead of the items when the list could not be loaded. */
  fallback?: ReactNode;
};

/** One element: its label and guiding question, the add/edit form above, its items below. */
export function ElementPanel({ element, items, fallback }: ElementPanelProps) {
  const { label, question } = CANVAS_ELEMENT_INFO[element];
  const [editing, setEditing] = useState<CanvasItem | null>(null);
  const [deleting, setDeleting] = useState<CanvasItem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moveItem = useMoveCanvasItem();

  const endEdit = (item: CanvasItem) => {
    setEditing(null);
    // Back to the button that opened the form, once the add form has replaced the edit form.
    requestAnimationFrame(() => document.getElementById(editButtonId(item.id))?.focus());
  };

  const move = (item: CanvasItem, index: number) => {
    moveItem.mutate({ id: item.id, index });
    if (items) setAnnouncement(`Moved "${item.title}" to position ${index + 1} of ${items.length}.`);
  };

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby={`canvas-${element}-heading`}>
      <header>
        <h2 id={`canvas-${element}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
          {label}
        </h2>
        <p className="mt-1 text-muted-foreground">{question}</p>
      </header>
      <Card>
        <CardContent className="pt-6">
          {editing ? (
            <EditItemForm key={editing.id} item={editing} onDone={() => endEdit(editing)} />
          ) : (
            <AddItemForm element={element} />
          )}
        </CardContent>
      </Card>
      {items ? (
        <ItemList
          items={items}
          label={label}
          editingId={editing?.id}
          onEdit={setEditing}
          onDelete={setDeleting}
          onMove={move}
        />
      ) : (
        fallback
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <DeleteItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(item) => {
          setDeleting(null);
          if (editing?.id === item.id) setEditing(null);
          // The row and its buttons are gone; the element's heading is the nearest place that stays.
          requestAnimationFrame(() => headingRef.current?.focus());
        }}
      />
    </section>
  );
}
