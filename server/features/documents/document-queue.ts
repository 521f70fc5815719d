/**
 * Saves and restores of one document, one at a time in this process. Each is merged onto the
 * version current when it runs (save-content.ts), so running them side by side only makes all
 * but one lose the race to store and merge again, and a burst (two tabs autosaving, a restore
 * on top) could lose it every time. Other documents are not held up. Several instances still
 * race each other; the store's base check and the save's retry cover that.
 */
const tails = new Map<number, Promise<unknown>>();

export function oneAtATime<T>(documentId: number, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(documentId) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(documentId, tail);
  // The entry goes once nothing is queued behind this one: the map holds only busy documents.
  void tail.then(() => {
    if (tails.get(documentId) === tail) tails.delete(documentId);
  });
  return run;
}
