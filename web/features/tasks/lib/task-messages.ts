/**
 * Toast texts for the task board (docs/product.md §8, Built: the brief only logged failed task
 * calls). docs/decisions/012-board-order-under-one-lock.md asks for a destructive toast carrying the
 * server's message, with these words when there is none.
 */
export const MOVE_FAILED_TITLE = 'Could not move the task';
export const MOVE_FAILED_FALLBACK = 'The card is back where it was. Please try again.';
export const CREATE_FAILED_TITLE = 'Could not create the task';
export const UPDATE_FAILED_TITLE = 'Could not update the task';
export const DELETE_FAILED_TITLE = 'Could not delete the task';
export const TRY_AGAIN = 'Please try again in a moment.';
