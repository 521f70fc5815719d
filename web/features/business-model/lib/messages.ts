/**
 * docs/product.md §8 texts for the canvas. Each failure's text from docs/product.md is the toast's title; the server's
 * message (or the error's own), when there is one, follows as the description, so create shows
 * "the server response message, else the error message, else 'Failed to add item'".
 * docs/product.md §8 has no text for a failed move; it reads the same way.
 */
import type { ToastInput } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';

export const ITEM_ADDED: ToastInput = { title: 'Item added successfully' };
export const ITEM_UPDATED: ToastInput = { title: 'Item updated successfully' };
export const ITEM_DELETED: ToastInput = { title: 'Item deleted successfully' };

export const ADD_FAILED = 'Failed to add item';
export const UPDATE_FAILED = 'Failed to update item';
export const DELETE_FAILED = 'Failed to delete item';
export const MOVE_FAILED = 'Failed to move item';

export const EMPTY_ELEMENT = 'No items yet. Add your first item above.';

export function failedToast(title: string, error: unknown): ToastInput {
  const description = errorMessage(error, '');
  return { variant: 'destructive', title, description: description && description !== title ? description : undefined };
}

export const deleteQuestion = (title: string) => `Are you sure you want to delete "${title}"? This action cannot be undone.`;
