import { Ellipsis, Pencil, Trash } from 'lucide-react';
import type { Task } from '@common/schemas/tasks';
import { Button } from '@web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@web/components/ui/dropdown-menu';

type TaskActionsMenuProps = { task: Task; onEdit: (task: Task) => void; onDelete: (task: Task) => void };

/** docs/product.md §2's Edit/Delete menu, the same on a card and on a list row. The dialogs live in the tab. */
export function TaskActionsMenu({ task, onEdit, onDelete }: TaskActionsMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${task.title}`}>
          <Ellipsis />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onEdit(task)}>
          <Pencil aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(task)}>
          <Trash aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
